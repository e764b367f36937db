"""Prints how Babel (its own copy of the Unicode CLDR data) writes a moment in a locale and a
time zone: the long date, the weekday and the short time, one JSON list on one line.

    dates.py ISO_MOMENT LOCALE TIME_ZONE
"""
import json
import sys
from datetime import datetime
from zoneinfo import ZoneInfo

from babel.dates import format_date, format_datetime, format_time

moment = datetime.fromisoformat(sys.argv[1]).astimezone(ZoneInfo(sys.argv[3]))
locale = sys.argv[2].replace("-", "_")
print(json.dumps([
    format_date(moment.date(), format="long", locale=locale),
    format_datetime(moment, "EEEE", locale=locale),
    format_time(moment, format="short", locale=locale),
]))

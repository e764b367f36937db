"""Prints the line break opportunities of a text by uniseg's own implementation of the
Unicode line breaking algorithm (UAX #14), as Unicode scalar offsets where a line may start,
one JSON list on one line.

    line_breaks.py TEXT
"""
import json
import sys

from uniseg.linebreak import line_break_boundaries

print(json.dumps(list(line_break_boundaries(sys.argv[1]))))

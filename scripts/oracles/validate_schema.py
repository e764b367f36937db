#!/usr/bin/env python3
"""Validates JSON documents against a JSON Schema (draft 2020-12) with the `jsonschema` package.

    validate_schema.py SCHEMA DOCUMENT...

Prints one line per document: `valid PATH` or `invalid PATH: MESSAGE (at JSON path)`. Exits 0
when it could check every document (whatever the verdicts), 2 when the schema itself is not a
valid draft 2020-12 schema or a document is not JSON.
"""
import json
import sys

from jsonschema import Draft202012Validator


def main() -> int:
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    with open(sys.argv[1], encoding="utf-8") as f:
        schema = json.load(f)
    Draft202012Validator.check_schema(schema)
    validator = Draft202012Validator(schema)
    for path in sys.argv[2:]:
        try:
            with open(path, encoding="utf-8") as f:
                document = json.load(f)
        except (OSError, ValueError) as error:
            print(f"unreadable {path}: {error}")
            return 2
        errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
        if errors:
            first = errors[0]
            where = "/".join(str(p) for p in first.absolute_path)
            print(f"invalid {path}: {first.message} (at {where or 'root'})")
        else:
            print(f"valid {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Writes a zip archive whose members hold one Python dict literal per line, as DialogSum's
zipped release does, for the download tests' mirror.

    zip_python_literals.py OUT.zip MEMBER=RECORDS.jsonl [MEMBER=RECORDS.jsonl ...]

Each line of RECORDS.jsonl (a JSON object) becomes repr() of that dict in MEMBER, deflated.
"""
import json
import sys
import zipfile


def main():
    archive, members = sys.argv[1], sys.argv[2:]
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as out:
        for member in members:
            name, records = member.split("=", 1)
            with open(records, encoding="utf-8") as lines:
                literals = [repr(json.loads(line)) for line in lines]
            out.writestr(name, "".join(literal + "\n" for literal in literals))


if __name__ == "__main__":
    sys.exit(main())

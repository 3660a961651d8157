#!/usr/bin/env python3
"""Validates JSON documents against a JSON Schema (draft 2020-12) with the jsonschema
package; prints one line per document: its name, then 'valid' or the first error.

Usage: validate_json_schema.py SCHEMA DOCUMENT...
"""
import json
import sys

from jsonschema import Draft202012Validator

with open(sys.argv[1], encoding="utf-8") as handle:
    schema = json.load(handle)
Draft202012Validator.check_schema(schema)
validator = Draft202012Validator(schema)
for path in sys.argv[2:]:
    with open(path, encoding="utf-8") as handle:
        document = json.load(handle)
    errors = sorted(validator.iter_errors(document), key=lambda error: list(error.path))
    name = path.rsplit("/", 1)[-1]
    print(name, "valid" if not errors else "invalid: " + errors[0].message.replace("\n", " ")[:200])

#!/usr/bin/env python3
"""A JSON-RPC client in another language: drives `formwork serve` over a pipe through
whole fills of two forms, bad requests included. Standard library only.

Usage: rpc_client.py FORMWORK_BINARY FORMS_DIRECTORY
Exits 0 when every check holds; prints the failed check and the conversation otherwise.
"""
import json
import subprocess
import sys


class Engine:
    def __init__(self, binary, form):
        self.process = subprocess.Popen(
            [binary, "serve", form], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            text=True, bufsize=1)
        self.next_id = 0
        self.notifications = []
        self.log = []

    def send_line(self, line):
        """Sends a raw line; returns the response (notifications are collected)."""
        self.log.append(">>> " + line)
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        while True:
            reply = self.process.stdout.readline()
            if not reply:
                raise AssertionError("the engine closed its output; stderr: " + self.process.stderr.read())
            self.log.append("<<< " + reply.rstrip("\n"))
            message = json.loads(reply)  # every line on stdout must be JSON
            if isinstance(message, list):  # a batch response
                assert all(item.get("jsonrpc") == "2.0" for item in message), message
                return message
            assert message.get("jsonrpc") == "2.0", message
            if "method" in message and "id" not in message:
                self.notifications.append(message)
                continue
            return message

    def call(self, method, params=None):
        self.next_id += 1
        request = {"jsonrpc": "2.0", "id": self.next_id, "method": method}
        if params is not None:
            request["params"] = params
        response = self.send_line(json.dumps(request))
        assert response["id"] == self.next_id, response
        return response

    def result(self, method, params=None):
        response = self.call(method, params)
        assert "result" in response, "%s failed: %s" % (method, response)
        return response["result"]

    def error(self, method, params=None):
        response = self.call(method, params)
        assert "error" in response, "%s should fail: %s" % (method, response)
        return response["error"]

    def close(self):
        self.process.stdin.close()
        status = self.process.wait(timeout=10)
        assert status == 0, "exit status %d" % status
        assert self.process.stdout.read() == "", "nothing after the last response"


def visible_ids(snapshot):
    return [row["id"] for section in snapshot["sections"] for row in section["rows"]]


def fill_seed(binary, forms):
    engine = Engine(binary, forms + "/seed.yaml")
    try:
        described = engine.result("form.describe")
        assert described["id"] == "seed"
        kinds = {field["id"]: field["kind"] for section in described["sections"] for field in section["fields"]}
        assert kinds == {"firstName": "text", "lastName": "text", "additional": "switch", "email": "text", "remark": "note"}, kinds
        assert described["sections"][0]["fields"][1]["visible"] == "not empty($firstName)"

        assert visible_ids(engine.result("form.snapshot")) == ["firstName", "additional"]

        changed = engine.result("field.set", {"id": "firstName", "value": "Ada"})
        assert changed["changes"]["rows"]["inserted"] == [{"section": 0, "row": 1, "id": "lastName"}], changed
        assert changed["values"] == [{"field": "firstName", "from": None, "to": "Ada"}]
        assert engine.notifications[-1]["method"] == "form.changed"
        assert engine.notifications[-1]["params"] == changed  # the event carries the same

        changed = engine.result("field.set", {"id": "additional", "text": "yes"})
        assert changed["changes"]["sections"]["inserted"] == [{"index": 1, "id": "additionalFields"}], changed

        # Bad requests: each gets an error response, and the engine keeps serving.
        rejected = engine.error("field.set", {"id": "email", "text": "ada@"})
        assert rejected["code"] == -32001 and rejected["data"] == {
            "field": "email", "rule": "format", "message": "must be an e-mail address"}, rejected
        unknown = engine.error("field.set", {"id": "emial", "value": "x"})
        assert unknown["code"] == -32002 and unknown["data"]["suggestions"] == ["email"], unknown
        wrong_type = engine.error("field.set", {"id": 7, "value": "x"})
        assert wrong_type["code"] == -32602 and wrong_type["data"]["parameter"] == "id", wrong_type
        wrong_value = engine.error("field.set", {"id": "additional", "value": "maybe"})
        assert wrong_value["code"] == -32001 and wrong_value["data"]["rule"] == "type", wrong_value
        missing = engine.error("field.set", {"id": "email"})
        assert missing["code"] == -32602, missing
        no_method = engine.error("form.snapshto")
        assert no_method["code"] == -32601 and no_method["data"]["suggestion"] == "form.snapshot", no_method
        malformed = engine.send_line('{"jsonrpc": "2.0", "id": 99, "method": ')
        assert malformed["id"] is None and malformed["error"]["code"] == -32700, malformed
        not_rpc = engine.send_line('{"id": 100, "method": "form.answers"}')
        assert not_rpc["error"]["code"] == -32600, not_rpc
        batch = engine.send_line(json.dumps([
            {"jsonrpc": "2.0", "id": "a", "method": "form.answers"},
            {"jsonrpc": "2.0", "method": "form.validate"},  # a notification: no response
            {"jsonrpc": "2.0", "id": "b", "method": "nope"},
        ]))
        assert [item["id"] for item in batch] == ["a", "b"] and "error" in batch[1], batch

        engine.result("field.set", {"id": "email", "text": "ada@example.org"})
        undone = engine.result("session.undo")
        assert undone["values"] == [{"field": "email", "from": "ada@example.org", "to": None}], undone
        engine.result("session.redo")
        assert engine.error("session.redo")["code"] == -32003

        submitted = engine.result("form.submit")
        assert submitted["answers"] == {
            "firstName": "Ada", "additional": True, "email": "ada@example.org"}, submitted
        engine.close()
    except AssertionError:
        print("\n".join(engine.log[-12:]), file=sys.stderr)
        raise


def fill_conference(binary, forms):
    engine = Engine(binary, forms + "/conference.yaml")
    try:
        failed = engine.error("form.submit")
        assert failed["code"] == -32004
        assert [error["field"] for error in failed["data"]["errors"]] == ["name", "email", "ticket"], failed

        loaded = engine.result("session.load", {"values": {
            "name": "Ada", "email": "ada@example.org", "ticket": "regular", "workshops": ["swiftnio", "tui"]}})
        totals = {change["field"]: change["to"] for change in loaded["values"]}
        assert totals["total"] == 699, loaded

        bad_values = engine.error("session.load", {"values": {"ticket": "vip", "tickets": 2}})
        assert bad_values["code"] == -32005
        messages = [problem["message"] for problem in bad_values["data"]["problems"]]
        assert messages == ["the form has no field 'tickets'",
                            "invalid value for 'ticket': 'vip' is not an option (choose 'student', 'regular' or 'business')"] \
            or messages == ["invalid value for 'ticket': 'vip' is not an option (choose 'student', 'regular' or 'business')",
                            "the form has no field 'tickets'"], messages

        engine.result("field.set", {"id": "earlyBird", "value": True})
        engine.result("field.set", {"id": "dinner", "value": True})
        changed = engine.result("field.set", {"id": "guests", "value": 1})
        assert {change["field"]: change["to"] for change in changed["values"]}["total"] == 789.2, changed
        too_many = engine.error("field.set", {"id": "guests", "value": 9})
        assert too_many["data"] == {"field": "guests", "rule": "max", "message": "must be at most 3"}, too_many

        snapshot = engine.result("form.snapshot")
        assert "guests" in visible_ids(snapshot)
        valid = engine.result("form.validate")
        assert valid == {"valid": True, "errors": []}, valid
        answers = engine.result("form.answers")
        assert answers["total"] == 789.2 and answers["workshops"] == ["swiftnio", "tui"], answers
        assert engine.result("form.submit")["answers"] == answers
        engine.close()
    except AssertionError:
        print("\n".join(engine.log[-12:]), file=sys.stderr)
        raise


def fill_household(binary, forms):
    """A form with a repeat inside a repeat, and a repeat that follows a count."""
    engine = Engine(binary, forms + "/household-survey.yaml")
    try:
        described = engine.result("form.describe")
        members = described["sections"][1]["fields"][0]
        assert members["kind"] == "repeat" and members["repeat"]["min"] == 1, members
        assert [item["id"] for item in members["fields"]][-1] == "visits", members
        assert members["fields"][-1]["repeat"]["addLabel"] == "Add a clinic visit", members

        snapshot = engine.result("form.snapshot")
        entries = [section.get("entry") for section in snapshot["sections"] if "entry" in section]
        assert entries == ["members[1]", "rooms[1]"], entries
        assert "members" in visible_ids(snapshot)  # the row that adds a member

        engine.result("session.load", {"values": {"address": "1 Main St", "dwellingType": "house", "bedrooms": 2}})
        engine.result("field.set", {"id": "members[1].name", "value": "Ada"})
        engine.result("field.set", {"id": "members[1].relation", "value": "head"})
        engine.result("field.set", {"id": "members[1].age", "value": 36})
        added = engine.result("entry.add", {"group": "members"})
        assert added["entry"] == "members[2]", added
        inserted = added["changes"]["sections"]["inserted"]
        assert len(inserted) == 1, added  # one entry, one section
        assert engine.notifications[-1]["params"]["changes"] == added["changes"]
        engine.result("session.load", {"values": {"members": [
            {"name": "Ada", "relation": "head", "age": 36},
            {"name": "Bo", "relation": "child", "age": 1, "visits": [{"visitDate": "2024-01-10", "reason": "vaccination"}]},
        ]}})
        visit = engine.result("entry.add", {"group": "members[2].visits"})
        assert visit["entry"] == "members[2].visits[2]", visit
        engine.result("field.set", {"id": "members[2].visits[2].visitDate", "text": "2024-02-11"})
        engine.result("field.set", {"id": "members[2].visits[2].reason", "value": "checkup"})
        moved = engine.result("entry.move", {"entry": "members[2].visits[2]", "position": 1})
        assert len(moved["changes"]["sections"]["moved"]) == 1, moved

        follows = engine.error("entry.add", {"group": "rooms"})
        assert follows["code"] == -32006 and "follow its count" in follows["message"], follows
        at_least = engine.error("entry.remove", {"entry": "members[2].visits[3]"})
        assert at_least["code"] == -32006, at_least
        in_entries = engine.error("field.set", {"id": "name", "value": "x"})
        assert in_entries["code"] == -32002 and in_entries["data"]["example"] == "members[1].name", in_entries
        bad_position = engine.error("entry.move", {"entry": "members[1]", "position": 0})
        assert bad_position["code"] == -32602, bad_position

        engine.result("field.set", {"id": "rooms[1].sleepers", "value": 1})
        engine.result("field.set", {"id": "rooms[2].sleepers", "value": 1})
        removed = engine.result("entry.remove", {"entry": "members[1]"})
        assert len(removed["changes"]["sections"]["deleted"]) == 1, removed
        engine.result("session.undo")

        answers = engine.result("form.submit")["answers"]
        assert [member["name"] for member in answers["members"]] == ["Ada", "Bo"], answers
        assert answers["members"][1]["visits"] == [
            {"visitDate": "2024-02-11", "reason": "checkup"},
            {"visitDate": "2024-01-10", "reason": "vaccination"}], answers
        assert answers["rooms"] == [{"sleepers": 1}, {"sleepers": 1}], answers
        assert answers["householdSize"] == 2 and answers["underFive"] == 1, answers
        engine.close()
    except AssertionError:
        print("\n".join(engine.log[-12:]), file=sys.stderr)
        raise


if __name__ == "__main__":
    binary, forms = sys.argv[1], sys.argv[2]
    fill_seed(binary, forms)
    fill_conference(binary, forms)
    fill_household(binary, forms)
    print("ok: three forms filled over JSON-RPC")

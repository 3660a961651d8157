#!/usr/bin/env python3
"""Writes the .xls fixtures of Formwork's .xls reader (and the .xlsx twin of one), the
cells xlrd reads in each (FIXTURE.cells.json, what the Swift tests compare with), and
the hostile .xls files of the hostile corpus. Run it again after changing it:

    python3 -m venv /tmp/xls-venv && /tmp/xls-venv/bin/pip install xlwt xlrd openpyxl pyxform
    /tmp/xls-venv/bin/python Tests/FormworkODKTests/Fixtures/XLS/make_fixtures.py

Three writers make them, so that the reader is not checked only against itself:
xlwt (a whole XLSForm, and long shared strings split by xlwt into CONTINUE records),
openpyxl (the same XLSForm as .xlsx), and the small BIFF8 and compound file writers
below, which write what xlwt never does (MULRK, formulas with cached results, a
stream small enough for the mini stream, a DIFAT past the header's 109 FAT sectors,
4096-byte sectors, CONTINUE records split mid-string with formatting runs and
phonetic data) and, on purpose, what no one should (the hostile files). Every fixture
but the hostile ones is opened by xlrd, and the XLSForms converted by pyxform.
"""

import io
import json
import os
import re
import struct
import subprocess
import sys
import tempfile
import zipfile

import openpyxl
import xlrd
import xlwt

HERE = os.path.dirname(os.path.abspath(__file__))
HOSTILE = os.path.join(HERE, "..", "..", "..", "formworkTests", "Hostile", "definitions")

# MARK: - BIFF8 records


def record(kind, body=b""):
    return struct.pack("<HH", kind, len(body)) + body


def chars(text):
    """A string's options byte and characters: one byte each when every character
    is Latin-1 (compressed), UTF-16 otherwise."""
    try:
        return 0, text.encode("latin-1")
    except UnicodeEncodeError:
        return 1, text.encode("utf-16-le")


def units(text):
    return len(text.encode("utf-16-le")) // 2


def unicode_string(text):  # XLUnicodeString: 2-byte count, options, characters
    wide, data = chars(text)
    return struct.pack("<HB", units(text), wide) + data


def bof(kind, version=0x0600):
    return record(0x0809, struct.pack("<HHHHII", version, kind, 0x0DBB, 1996, 0, 0x0006))


EOF = record(0x000A)


def cell(row, col):
    return struct.pack("<HHH", row, col, 15)


def rk_int(value):
    return ((value << 2) | 0x02) & 0xFFFFFFFF


def rk_cents(value):  # value / 100, value an int
    return ((value << 2) | 0x03) & 0xFFFFFFFF


def rk_float(value):  # a double whose low 34 bits are 0
    bits = struct.unpack("<Q", struct.pack("<d", value))[0]
    assert bits & 0xFFFFFFFF == 0
    return bits >> 32


def sst_records(strings, piece=8224, rich=None, phonetic=None):
    """The SST and its CONTINUE records, split as Excel splits them: where a record
    is full in the middle of a string's characters, the next starts with an options
    byte; formatting runs and phonetic data are split as plain bytes."""
    rich = rich or {}
    phonetic = phonetic or {}
    pieces = [bytearray(struct.pack("<II", len(strings), len(strings)))]

    def room():
        return piece - len(pieces[-1])

    def raw(data):
        while data:
            if room() == 0:
                pieces.append(bytearray())
            take = min(room(), len(data))
            pieces[-1] += data[:take]
            data = data[take:]

    for index, text in enumerate(strings):
        wide, data = chars(text)
        runs = rich.get(index, 0)
        extra = phonetic.get(index, b"")
        options = wide | (0x08 if runs else 0) | (0x04 if extra else 0)
        header = struct.pack("<HB", units(text), options)
        if runs:
            header += struct.pack("<H", runs)
        if extra:
            header += struct.pack("<I", len(extra))
        if room() < len(header) + (2 if wide else 1):  # a header is never split
            pieces.append(bytearray())
        pieces[-1] += header
        step = 2 if wide else 1
        while data:
            if room() < step:
                pieces.append(bytearray([wide]))
            take = min(room() // step * step, len(data))
            pieces[-1] += data[:take]
            data = data[take:]
        for run in range(runs):  # a run is never split (xlrd reads them 4 bytes at a time)
            if room() < 4:
                pieces.append(bytearray())
            raw(struct.pack("<HH", 2 * run, 0))
        raw(extra)
    return record(0x00FC, bytes(pieces[0])) + b"".join(record(0x003C, bytes(p)) for p in pieces[1:])


def workbook_stream(sheets, strings, piece=8224, rich=None, phonetic=None, globals_extra=b"", other_sheets=()):
    """A Workbook stream: the globals (BOF, CODEPAGE, BOUNDSHEET for each sheet, the
    SST, EOF), then each sheet's records between its BOF and EOF. `other_sheets` are
    (name, type) BOUNDSHEET entries of chart or macro sheets, with a chart substream."""
    # Sixteen XF records of the General format: cells use the 16th, as Excel's do (xlrd
    # tells numbers from dates by their XF).
    xfs = b"".join(record(0x00E0, struct.pack("<HHH", 0, 0, 0xFFF5 if n < 15 else 1) + b"\0" * 14) for n in range(16))
    head = bof(0x0005) + globals_extra + record(0x0042, struct.pack("<H", 1200)) + xfs

    def boundsheet(offset, name, kind):
        wide, data = chars(name)
        return record(0x0085, struct.pack("<IBBBB", offset, 0, kind, units(name), wide) + data)

    entries = [(name, 0, bof(0x0010) + b"".join(records) + EOF) for name, records in sheets]
    entries += [(name, kind, bof(0x0020) + EOF) for name, kind in other_sheets]
    tail = sst_records(strings, piece, rich, phonetic) + EOF
    size = len(head) + sum(len(boundsheet(0, name, kind)) for name, kind, _ in entries) + len(tail)
    offsets, body = [], b""
    for _, _, data in entries:
        offsets.append(size + len(body))
        body += data
    listed = b"".join(boundsheet(offset, name, kind) for (name, kind, _), offset in zip(entries, offsets))
    return head + listed + tail + body


# MARK: - Compound file

FREE, END, FATSECT, DIFSECT = 0xFFFFFFFF, 0xFFFFFFFE, 0xFFFFFFFD, 0xFFFFFFFC


def compound_file(streams, version=3, minimum_fat_sectors=0, cutoff=4096):
    """A compound file of `streams` (name -> bytes) under the root: the small ones in
    the mini stream, the others in sectors; the FAT's sectors listed by the header and,
    past 109, by DIFAT sectors; the directory a tree of right siblings in name order."""
    size = 512 if version == 3 else 4096
    per = size // 4
    names = sorted(streams, key=lambda n: (len(n), n.upper()))
    small = [n for n in names if len(streams[n]) < cutoff]
    mini, mini_fat, mini_start = b"", [], {}
    for name in small:
        data = streams[name]
        count = (len(data) + 63) // 64
        mini_start[name] = len(mini) // 64 if data else END
        for index in range(count):
            mini_fat.append(len(mini) // 64 + 1 if index < count - 1 else END)
            mini += data[64 * index:64 * index + 64].ljust(64, b"\0")
    entries = 1 + len(names)
    chains = [  # (label, bytes) laid out after the FAT and DIFAT sectors, in this order
        ("directory", b"\0" * (128 * entries)),
        ("minifat", b"".join(struct.pack("<I", v) for v in mini_fat)),
        ("ministream", mini),
    ] + [(name, streams[name]) for name in names if name not in small]
    counts = [(len(data) + size - 1) // size for _, data in chains]
    data_sectors = sum(counts)
    fat_count, difat_count = 1, 0
    while True:
        difat_count = max(0, (fat_count - 109 + per - 2) // (per - 1))
        total = fat_count + difat_count + data_sectors
        needed = max((total + per - 1) // per, minimum_fat_sectors)
        if needed <= fat_count:
            break
        fat_count = needed
    fat = [FREE] * (fat_count * per)
    for index in range(fat_count):
        fat[index] = FATSECT
    for index in range(difat_count):
        fat[fat_count + index] = DIFSECT
    start, sector = {}, fat_count + difat_count
    for (label, _), count in zip(chains, counts):
        start[label] = sector if count else END
        for index in range(count):
            fat[sector] = sector + 1 if index < count - 1 else END
            sector += 1

    def entry(name, kind, left, right, child, first, length):
        encoded = (name + "\0").encode("utf-16-le") if name else b""
        return (encoded.ljust(64, b"\0") + struct.pack("<HBB", len(encoded), kind, 1)
                + struct.pack("<III", left, right, child) + b"\0" * 16 + struct.pack("<I", 0) + b"\0" * 16
                + struct.pack("<IQ", first, length))

    directory = entry("Root Entry", 5, FREE, FREE, 1 if names else FREE, start["ministream"], len(mini))
    for index, name in enumerate(names):
        right = index + 2 if index + 1 < len(names) else FREE
        first = mini_start[name] if name in small else start[name]
        directory += entry(name, 2, FREE, right, FREE, first, len(streams[name]))
    chains[0] = ("directory", directory)
    fat_sectors = list(range(fat_count))
    header = (bytes([0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]) + b"\0" * 16
              + struct.pack("<HHHHH", 0x3E, version, 0xFFFE, 9 if version == 3 else 12, 6) + b"\0" * 6
              + struct.pack("<IIIIIIIII", 0 if version == 3 else (len(directory) + size - 1) // size, fat_count,
                            start["directory"], 0, cutoff, start["minifat"], counts[1],
                            fat_count if difat_count else END, difat_count))
    header += b"".join(struct.pack("<I", s) for s in (fat_sectors[:109] + [FREE] * 109)[:109])
    header = header.ljust(size, b"\0")
    body = b"".join(struct.pack("<I", v) for v in fat)
    rest = fat_sectors[109:]
    for index in range(difat_count):
        listed = (rest[index * (per - 1):(index + 1) * (per - 1)] + [FREE] * per)[:per - 1]
        following = fat_count + index + 1 if index + 1 < difat_count else END
        body += b"".join(struct.pack("<I", v) for v in listed + [following])
    for (label, data), count in zip(chains, counts):
        body += data.ljust(count * size, b"\0")
    return header + body


# MARK: - Fixtures


def xls_text(sheet, cell_value):
    """A cell's text as pyxform reads it through xlrd (xls_value_to_unicode), errors by name."""
    kind, value = cell_value.ctype, cell_value.value
    if kind == xlrd.XL_CELL_BOOLEAN:
        return "TRUE" if value else "FALSE"
    if kind in (xlrd.XL_CELL_NUMBER, xlrd.XL_CELL_DATE):
        return str(int(value)) if int(value) == value else str(value)
    if kind == xlrd.XL_CELL_ERROR:
        return xlrd.error_text_from_code[value]
    return value


# xlrd decodes each record's part of a string apart, so a surrogate pair split by a
# CONTINUE record (xlwt splits them; an emoji is one) fails to decode: its halves are
# let through and joined once the string is whole.
xlrd.book.unicode = lambda data, encoding: data.decode(encoding, "surrogatepass")


def joined(text):
    return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le") if isinstance(text, str) else text


def dump_cells(path):
    """What xlrd reads in an .xls: each worksheet's non-empty cells, with references."""
    book = xlrd.open_workbook(path)
    sheets = []
    for sheet in book.sheets():
        cells = []
        for row in range(sheet.nrows):
            for col in range(sheet.ncols):
                value = sheet.cell(row, col)
                if value.ctype in (xlrd.XL_CELL_EMPTY, xlrd.XL_CELL_BLANK) or value.value == "":
                    continue
                cells.append([xlrd.cellname(row, col).replace("$", ""), joined(xls_text(sheet, value))])
        sheets.append({"name": sheet.name, "cells": cells})
    with open(path + ".cells.json", "w", encoding="utf-8") as out:
        json.dump({"sheets": sheets}, out, ensure_ascii=False, indent=1)
        out.write("\n")


def write(name, data):
    with open(os.path.join(HERE, name), "wb") as out:
        out.write(data)
    dump_cells(os.path.join(HERE, name))


# One XLSForm, as .xls (xlwt) and .xlsx (openpyxl): numbers whole and not, booleans,
# translations in Latin, Arabic and Chinese letters, an emoji.
SURVEY_HEADER = ["type", "name", "label::English (en)", "label::العربية (ar)", "hint::English (en)", "constraint",
                 "required", "default", "relevant", "calculation"]
XLSFORM = {
    "survey": [SURVEY_HEADER] + [row + [None] * (len(SURVEY_HEADER) - len(row)) for row in [
        ["text", "name", "What is your name?", "ما اسمك؟", "As on your card", None, True],
        ["integer", "age", "How old are you?", "كم عمرك؟", None, ". >= 0 and . <= 120", True, 30],
        ["decimal", "weight", "Weight (kg)", "الوزن", "一公斤", ". < 250.5", False, 2.5, "${age} > 1"],
        ["select_one yes_no", "tea", "Do you like tea? 🍵", "هل تحب الشاي؟"],
        ["select_multiple colours", "colours", "Colours", "الألوان", None, None, None, None, "${tea} = 1"],
        ["begin_group", "more", "More", "المزيد"],
        ["integer", "count", "How many?", "كم؟", None, ". > 0.25"],
        ["calculate", "double", None, None, None, None, None, None, None, "${count} * 2"],
        ["end_group"],
        ["note", "thanks", "Thank you 🎉 谢谢", "شكرا"],
    ]],
    "choices": [
        ["list_name", "name", "label::English (en)", "label::العربية (ar)"],
        ["yes_no", 1, "Yes", "نعم"],
        ["yes_no", 0, "No", "لا"],
        ["colours", "red", "Red", "أحمر"],
        ["colours", "green", "Green", "أخضر"],
        ["colours", 3.5, "Three and a half", "ثلاثة ونصف"],
    ],
    "settings": [
        ["form_title", "form_id", "version", "default_language"],
        ["Twin workbook", "twin", 2024091201, "English (en)"],
    ],
}


def twin_workbooks():
    book = xlwt.Workbook(encoding="utf-8")
    xlsx = openpyxl.Workbook()
    xlsx.remove(xlsx.active)
    for sheet_name, rows in XLSFORM.items():
        sheet = book.add_sheet(sheet_name)
        other = xlsx.create_sheet(sheet_name)
        for r, row in enumerate(rows):
            for c, value in enumerate(row):
                if value is None:
                    continue
                sheet.write(r, c, value)
                other.cell(row=r + 1, column=c + 1, value=value)
    book.save(os.path.join(HERE, "xlsform.xls"))
    dump_cells(os.path.join(HERE, "xlsform.xls"))
    buffer = io.BytesIO()
    xlsx.save(buffer)
    # The same bytes at each run: the archive's dates and the document's, fixed.
    with zipfile.ZipFile(buffer) as source, zipfile.ZipFile(os.path.join(HERE, "xlsform.xlsx"), "w") as out:
        for entry in source.infolist():
            data = source.read(entry.filename)
            if entry.filename == "docProps/core.xml":
                data = re.sub(rb"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", b"2024-01-01T00:00:00Z", data)
            out.writestr(zipfile.ZipInfo(entry.filename, (1980, 1, 1, 0, 0, 0)), data, zipfile.ZIP_DEFLATED)


LONG_STRINGS = (
    ["type", "name", "label"]
    + ["Latin " + "x" * 9000, "Arabic " + "مرحبا بالعالم " * 700, "Chinese " + "你好世界" * 2500,
       "Emoji " + "🎉😀" * 2100 + " end", "café " * 1700]
    + ["string %d %s" % (n, "é" if n % 3 == 0 else ("ع" if n % 3 == 1 else "x")) for n in range(1000)]
)


def long_strings():
    """Strings longer than a record and many more: xlwt splits them into CONTINUE records."""
    book = xlwt.Workbook(encoding="utf-8")
    sheet = book.add_sheet("strings")
    for index, text in enumerate(LONG_STRINGS):
        sheet.write(index // 4, index % 4, text)
    book.save(os.path.join(HERE, "long-strings.xls"))
    dump_cells(os.path.join(HERE, "long-strings.xls"))


def every_cell_kind():
    """Each cell record, written by hand; the stream is small enough for the mini stream."""
    strings = ["type", "name", "label", "shared ✓", "Ünïcödé"]
    records = [
        record(0x00FD, cell(0, 0) + struct.pack("<I", 0)),  # LABELSST
        record(0x00FD, cell(0, 1) + struct.pack("<I", 1)),
        record(0x00FD, cell(0, 2) + struct.pack("<I", 2)),
        record(0x0208, b"\0" * 16),  # ROW, stepped over
        record(0x0204, cell(1, 0) + unicode_string("label record")),  # LABEL, compressed
        record(0x0204, cell(1, 1) + unicode_string("ليبل")),  # LABEL, UTF-16
        record(0x0203, cell(1, 2) + struct.pack("<d", 2024091201.0)),  # NUMBER, whole
        record(0x0203, cell(1, 3) + struct.pack("<d", 0.1)),  # NUMBER
        record(0x0203, cell(1, 4) + struct.pack("<d", -1e-05)),
        record(0x027E, cell(2, 0) + struct.pack("<I", rk_int(42))),  # RK integer
        record(0x027E, cell(2, 1) + struct.pack("<I", rk_cents(1234))),  # RK 12.34
        record(0x027E, cell(2, 2) + struct.pack("<I", rk_float(1.5))),  # RK double
        record(0x027E, cell(2, 3) + struct.pack("<I", rk_int(-7))),
        record(0x00BD, struct.pack("<HH", 3, 1)  # MULRK, columns B to E
               + b"".join(struct.pack("<HI", 15, v) for v in (rk_int(1), rk_cents(250), rk_float(-2.0), rk_int(0)))
               + struct.pack("<H", 4)),
        record(0x0205, cell(4, 0) + bytes([1, 0])),  # BOOLERR TRUE
        record(0x0205, cell(4, 1) + bytes([0, 0])),  # FALSE
        record(0x0205, cell(4, 2) + bytes([0x07, 1])),  # #DIV/0!
        record(0x0201, cell(4, 3)),  # BLANK
        record(0x00BE, struct.pack("<HHHHH", 4, 4, 15, 15, 5)),  # MULBLANK
        # FORMULA: number, string (STRING after SHRFMLA), boolean, error, empty string.
        record(0x0006, cell(5, 0) + struct.pack("<dHI", 3.25, 0, 0) + b"\x03\x00\x1e\x01\x00"),
        record(0x0006, cell(5, 1) + bytes([0, 0, 0, 0, 0, 0, 0xFF, 0xFF]) + struct.pack("<HI", 0, 0) + b"\x00\x00"),
        record(0x04BC, b"\0" * 10),  # SHRFMLA, stepped over
        record(0x0207, unicode_string("formula text ∑")),
        record(0x0006, cell(5, 2) + bytes([1, 0, 1, 0, 0, 0, 0xFF, 0xFF]) + struct.pack("<HI", 0, 0)),
        record(0x0006, cell(5, 3) + bytes([2, 0, 0x2A, 0, 0, 0, 0xFF, 0xFF]) + struct.pack("<HI", 0, 0)),
        record(0x0006, cell(5, 4) + bytes([3, 0, 0, 0, 0, 0, 0xFF, 0xFF]) + struct.pack("<HI", 0, 0)),
        # A chart embedded in the sheet: its records are not the sheet's cells.
        bof(0x0020), record(0x00FD, cell(9, 9) + struct.pack("<I", 3)), EOF,
        record(0x00FD, cell(6, 1) + struct.pack("<I", 3)),
        record(0x00FD, cell(6, 0) + struct.pack("<I", 4)),  # written after B7: read in column order
        record(0x00FD, cell(299, 27) + struct.pack("<I", 3)),  # AB300
    ]
    stream = workbook_stream([("survey", records), ("empty", [])], strings, other_sheets=[("chart", 2)])
    assert len(stream) < 4096
    write("cells.xls", compound_file({"Workbook": stream, "\x05SummaryInformation": b"\0" * 200}))


def split_strings():
    """Shared strings in records of 100 bytes: split in their characters (compressed
    and UTF-16, a surrogate pair cut in two), formatting runs and phonetic data cut
    too; in 4096-byte sectors (version 4)."""
    strings = ["split " + "abcdefghij" * 20, "عربي " * 30, "😀" * 60, "rich text run", "phonetic", "last"]
    strings += ["n%d" % n for n in range(200)]
    rows = [record(0x00FD, cell(i // 3, i % 3) + struct.pack("<I", i)) for i in range(len(strings))]
    stream = workbook_stream([("survey", rows)], strings, piece=100, rich={3: 30, 0: 2},
                             phonetic={4: b"\x01" * 60, 2: b"\x02" * 7})
    write("split-strings.xls", compound_file({"Workbook": stream}))
    with open(os.path.join(HERE, "sectors-4096.xls"), "wb") as out:
        out.write(compound_file({"Workbook": stream}, version=4))


def difat():
    """More FAT sectors than the header's 109 can list: the rest are in a DIFAT sector."""
    rows = [record(0x00FD, cell(0, 0) + struct.pack("<I", 0)), record(0x027E, cell(0, 1) + struct.pack("<I", rk_int(7)))]
    stream = workbook_stream([("survey", rows)], ["beyond 109"]).ljust(5000, b"\0")
    write("difat.xls", compound_file({"Workbook": stream}, minimum_fat_sectors=112))


# MARK: - Hostile files


def hostile():
    base = compound_file({"Workbook": workbook_stream(
        [("survey", [record(0x00FD, cell(0, 0) + struct.pack("<I", 0))])], ["type"]).ljust(4096, b"\0")})

    def put(data, offset, value, fmt="<I"):
        data = bytearray(data)
        data[offset:offset + struct.calcsize(fmt)] = struct.pack(fmt, value)
        return bytes(data)

    def fat_entry(sector):  # where sector's FAT entry is, in the file (the FAT's first sector is sector 0)
        return 512 + 4 * sector

    directory_sector = struct.unpack("<I", base[48:52])[0]
    directory = 512 * (directory_sector + 1)
    workbook_start = struct.unpack("<I", base[directory + 128 + 116:directory + 128 + 120])[0]
    files = {
        "88-xls-magic-and-one-byte.xls": base[:9],
        "89-xls-truncated.xls": base[:len(base) - 1024],
        "90-xls-fat-loop.xls": put(base, fat_entry(workbook_start + 3), workbook_start),
        "91-xls-directory-loop.xls": put(base, directory + 128 + 68, 1),  # Workbook is its own left sibling
        "92-xls-huge-sector-size.xls": put(base, 30, 30, "<H"),
        "93-xls-stream-size-lies.xls": put(base, directory + 128 + 120, 0x7FFF0000),
        "94-xls-directory-beyond.xls": put(base, directory + 76, 4000),  # the root's child
    }
    stream = lambda *a, **k: workbook_stream(*a, **k).ljust(4096, b"\0")
    cells = [record(0x00FD, cell(0, 0) + struct.pack("<I", 0))]
    sst_lie = bytearray(stream([("survey", cells)], ["type"]))
    at = bytes(sst_lie).index(struct.pack("<HHII", 0x00FC, 15, 1, 1))
    sst_lie[at + 8:at + 12] = struct.pack("<I", 0xFFFFFFF0)
    files["95-xls-sst-count-lies.xls"] = compound_file({"Workbook": bytes(sst_lie)})
    past = bytearray(stream([("survey", cells)], ["type"]))
    at = bytes(past).index(struct.pack("<HH", 0x00FD, 10))
    past[at + 2:at + 4] = struct.pack("<H", 0xFFF0)
    files["96-xls-record-beyond-stream.xls"] = compound_file({"Workbook": bytes(past)})
    files["97-xls-encrypted.xls"] = compound_file({"Workbook": stream(
        [("survey", cells)], ["type"], globals_extra=record(0x002F, b"\0" * 54))})
    biff5 = bof(0x0005, version=0x0500) + EOF
    files["98-xls-excel-95.xls"] = compound_file({"Book": biff5.ljust(4096, b"\0")})
    files["99-xls-string-beyond-records.xls"] = compound_file({"Workbook": stream(
        [("survey", [record(0x0204, cell(0, 0) + struct.pack("<HB", 60000, 0) + b"abc")])], ["type"])})
    for name, data in files.items():
        with open(os.path.join(HOSTILE, name), "wb") as out:
            out.write(data)


def pyxform_converts(path):
    """pyxform (xls2xform) converts an XLSForm fixture, when it is installed."""
    with tempfile.TemporaryDirectory() as directory:
        out = os.path.join(directory, "form.xml")
        result = subprocess.run([sys.executable, "-m", "pyxform.xls2xform", "--skip_validate", path, out],
                                capture_output=True, text=True)
        if result.returncode != 0:
            sys.exit("pyxform could not convert %s:\n%s" % (path, result.stderr))


if __name__ == "__main__":
    twin_workbooks()
    long_strings()
    every_cell_kind()
    split_strings()
    difat()
    hostile()
    pyxform_converts(os.path.join(HERE, "xlsform.xls"))
    pyxform_converts(os.path.join(HERE, "xlsform.xlsx"))
    print("wrote the fixtures in %s and the hostile files in %s" % (HERE, os.path.normpath(HOSTILE)))

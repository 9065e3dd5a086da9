#!/usr/bin/env python3
"""Checks the app shells' resources without the Android SDK or Xcode (neither exists on CI here).

Android (android/app/src/main):
  - the manifest and every resource XML are well-formed;
  - every resource reference resolves: `@type/name` in XML and `R.type.name` in the app's Kotlin
    name a resource file (res/<type>[-qualifiers]/<name>.<ext>) or a value (<string name=...> in
    res/values*/...), the way aapt2 would link them;
  - every string with positional arguments has the same arguments in every translation.
iOS (ios/):
  - every directory project.yml lists as sources exists;
  - the AppIcon set names files that exist, and the icon is a 1024 x 1024 PNG without alpha (the
    App Store refuses transparent icons).
Prints what is wrong and exits 1, or prints a summary line.
"""
import json
import re
import struct
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "android/app/src/main"
RES = APP / "res"
ANDROID_NS = "{http://schemas.android.com/apk/res/android}"
VALUE_TAGS = {
    "string": "string", "color": "color", "dimen": "dimen", "bool": "bool", "integer": "integer",
    "style": "style", "plurals": "plurals", "string-array": "array", "integer-array": "array",
    "array": "array", "attr": "attr",
}
# @type/name, skipping the platform's (@android:...) and new ids (@+id/...).
XML_REF = re.compile(r"@(?!android:|\+)([a-z]+)/([A-Za-z0-9_.]+)")
KOTLIN_REF = re.compile(r"\bR\.([a-z]+)\.([A-Za-z0-9_]+)")
ARG = re.compile(r"%(\d+)\$")

errors = []


def android_resources():
    """Every resource name by type, as R sees it (dots in style names become underscores)."""
    names = {}
    for xml in sorted(RES.rglob("*.xml")):
        try:
            tree = ET.parse(xml)
        except ET.ParseError as e:
            errors.append(f"{xml.relative_to(ROOT)}: not well-formed XML: {e}")
            continue
        kind = xml.parent.name.split("-")[0]
        if kind == "values":
            for el in tree.getroot():
                if el.tag in VALUE_TAGS and el.get("name"):
                    names.setdefault(VALUE_TAGS[el.tag], set()).add(el.get("name").replace(".", "_"))
    for f in RES.rglob("*"):
        if f.is_file() and not f.parent.name.startswith("values"):
            names.setdefault(f.parent.name.split("-")[0], set()).add(f.name.split(".")[0])
    return names


def check_android():
    manifest = APP / "AndroidManifest.xml"
    try:
        ET.parse(manifest)
    except ET.ParseError as e:
        errors.append(f"AndroidManifest.xml: not well-formed XML: {e}")
    names = android_resources()
    refs = 0
    for f in [manifest, *sorted(RES.rglob("*.xml"))]:
        for kind, name in XML_REF.findall(f.read_text(encoding="utf-8")):
            refs += 1
            if name.replace(".", "_") not in names.get(kind, set()):
                errors.append(f"{f.relative_to(ROOT)}: @{kind}/{name} names no resource")
    for f in sorted((APP / "kotlin").rglob("*.kt")):
        for kind, name in KOTLIN_REF.findall(f.read_text(encoding="utf-8")):
            refs += 1
            if name not in names.get(kind, set()):
                errors.append(f"{f.relative_to(ROOT)}: R.{kind}.{name} names no resource")
    strings = {}
    for values in sorted(RES.glob("values*/strings.xml")):
        for el in ET.parse(values).getroot().iter("string"):
            strings.setdefault(el.get("name"), {})[values.parent.name] = sorted(set(ARG.findall(el.text or "")))
    for name, by_dir in strings.items():
        if len({tuple(v) for v in by_dir.values()}) > 1:
            errors.append(f"string {name}: positional arguments differ between {by_dir}")
    return refs


def png_header(path):
    data = path.read_bytes()[:33]
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        return None
    width, height, depth, colour = struct.unpack(">IIBB", data[16:26])
    return width, height, depth, colour


def check_ios():
    project = (ROOT / "ios/project.yml").read_text(encoding="utf-8")
    for line in project.splitlines():
        m = re.match(r"\s*sources:\s*\[(.*)\]", line)
        if m:
            for src in (s.strip() for s in m.group(1).split(",")):
                if not (ROOT / "ios" / src).is_dir():
                    errors.append(f"ios/project.yml: source directory {src} does not exist")
    icons = 0
    for contents in sorted((ROOT / "ios").rglob("*.appiconset/Contents.json")):
        for image in json.loads(contents.read_text(encoding="utf-8")).get("images", []):
            name = image.get("filename")
            if not name:
                continue
            path = contents.parent / name
            if not path.is_file():
                errors.append(f"{contents.relative_to(ROOT)}: {name} does not exist")
                continue
            header = png_header(path)
            size = int(image.get("size", "0x0").split("x")[0].split(".")[0])
            if header is None:
                errors.append(f"{path.relative_to(ROOT)}: not a PNG")
            elif header[:2] != (size, size) or header[3] in (4, 6):
                errors.append(f"{path.relative_to(ROOT)}: {header[0]}x{header[1]}, colour type {header[3]};"
                              f" wanted {size}x{size} without alpha")
            icons += 1
    if icons == 0:
        errors.append("ios: no app icon in any .appiconset")
    return icons


refs = check_android()
icons = check_ios()
for e in errors:
    print("app-resources:", e, file=sys.stderr)
if errors:
    sys.exit(1)
print(f"app resources: {refs} Android references resolve, {icons} iOS icon(s) checked")

#!/usr/bin/env python3
"""Checks the app shells' resources without the Android SDK or Xcode (neither exists on CI here).

Android (android/app/src/main):
  - the manifest and every resource XML are well-formed;
  - every resource reference resolves: `@type/name` in XML and `R.type.name` in the app's Kotlin
    name a resource file (res/<type>[-qualifiers]/<name>.<ext>) or a value (<string name=...> in
    res/values*/...), the way aapt2 would link them;
  - every string with positional arguments has the same arguments in every translation.
iOS (ios/):
  - every source project.yml lists exists, one of them holds the privacy manifest, which parses
    and declares the required-reason APIs the app uses; the local-network usage string is set;
  - the AppIcon set names files that exist, and the icon is a 1024 x 1024 PNG without alpha (the
    App Store refuses transparent icons);
  - the String Catalog (Localizable.xcstrings) among the sources is JSON with a source language,
    and holds every plain literal the SwiftUI code shows (`Text("...")`, `Button("...")`, ...;
    interpolated texts are left to Xcode's extraction).
Prints what is wrong and exits 1, or prints a summary line.
"""
import json
import plistlib
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
catalog_keys = 0


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


def project_sources(project):
    """The source directories of project.yml: `sources: [a, b]` or a block list of `- a` and
    `- path: a` items."""
    found, block = [], None
    for line in project.splitlines():
        m = re.match(r"(\s*)sources:\s*(.*)$", line)
        if m:
            inline = re.match(r"\[(.*)\]", m.group(2))
            if inline:
                found += [s.strip() for s in inline.group(1).split(",")]
                block = None
            else:
                block = len(m.group(1))
            continue
        if block is not None:
            if line.strip() and len(line) - len(line.lstrip()) <= block:
                block = None
                continue
            item = re.match(r"\s*-\s*(?:path:\s*)?([^\s#]+)\s*$", line)
            if item:
                found.append(item.group(1))
    return found


def check_privacy_manifest(path):
    """The privacy manifest parses as a plist and declares every required-reason API the app
    uses (App Store Connect refuses the upload otherwise: ITMS-91053)."""
    try:
        manifest = plistlib.loads(path.read_bytes())
    except Exception as e:  # noqa: BLE001 - any parse failure is the finding
        errors.append(f"{path.relative_to(ROOT)}: not a property list: {e}")
        return
    declared = {d.get("NSPrivacyAccessedAPIType"): d.get("NSPrivacyAccessedAPITypeReasons", [])
                for d in manifest.get("NSPrivacyAccessedAPITypes", [])}
    for api, reason in [("NSPrivacyAccessedAPICategoryUserDefaults", "CA92.1"),
                        ("NSPrivacyAccessedAPICategoryFileTimestamp", "C617.1")]:
        if reason not in declared.get(api, []):
            errors.append(f"{path.relative_to(ROOT)}: {api} with reason {reason} is not declared")
    if manifest.get("NSPrivacyTracking") is not False:
        errors.append(f"{path.relative_to(ROOT)}: NSPrivacyTracking must be false")


# A SwiftUI initializer or modifier whose first argument, a string literal, is a localized key.
SWIFTUI_KEY = re.compile(
    r'\b(?:Text|Button|Label|Toggle|Picker|Section|TextField|Menu|Stepper|navigationTitle|'
    r'confirmationDialog|ContentUnavailableView)\(\s*"((?:[^"\\]|\\.)*)"')


def swiftui_keys(files):
    """The plain (not interpolated) literal keys the SwiftUI code shows, with a file each."""
    keys = {}
    for f in files:
        for m in SWIFTUI_KEY.finditer(f.read_text(encoding="utf-8")):
            if m.group(1) and "\\(" not in m.group(1):
                keys.setdefault(m.group(1), f)
    return keys


def check_string_catalog(sources):
    catalogs = [p for src in sources for p in (ROOT / "ios" / src).rglob("*.xcstrings")]
    if len(catalogs) != 1:
        errors.append(f"ios: {len(catalogs)} String Catalogs among the app's sources; wanted 1")
        return 0
    try:
        catalog = json.loads(catalogs[0].read_text(encoding="utf-8"))
    except ValueError as e:
        errors.append(f"{catalogs[0].relative_to(ROOT)}: not JSON: {e}")
        return 0
    if not catalog.get("sourceLanguage") or not isinstance(catalog.get("strings"), dict):
        errors.append(f"{catalogs[0].relative_to(ROOT)}: no sourceLanguage or strings")
        return 0
    swift = [p for src in sources for p in (ROOT / "ios" / src).rglob("*.swift")]
    keys = swiftui_keys(swift)
    for key, f in sorted(keys.items()):
        if key not in catalog["strings"]:
            errors.append(f"{catalogs[0].relative_to(ROOT)}: no entry for \"{key}\" ({f.relative_to(ROOT)})")
    return len(keys)


def check_ios():
    project = (ROOT / "ios/project.yml").read_text(encoding="utf-8")
    sources = project_sources(project)
    if not sources:
        errors.append("ios/project.yml: no sources found")
    for src in sources:
        if not (ROOT / "ios" / src).exists():
            errors.append(f"ios/project.yml: source {src} does not exist")
    privacy = [p for src in sources for p in (ROOT / "ios" / src).rglob("PrivacyInfo.xcprivacy")]
    if len(privacy) != 1:
        errors.append(f"ios: {len(privacy)} PrivacyInfo.xcprivacy among the app's sources; wanted 1")
    for p in privacy:
        check_privacy_manifest(p)
    global catalog_keys
    catalog_keys = check_string_catalog(sources)
    if "NSLocalNetworkUsageDescription" not in project:
        errors.append("ios/project.yml: no NSLocalNetworkUsageDescription (a local collector needs it)")
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
print(f"app resources: {refs} Android references resolve, {icons} iOS icon(s) checked,"
      f" {catalog_keys} iOS strings in the String Catalog")

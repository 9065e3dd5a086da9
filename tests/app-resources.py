#!/usr/bin/env python3
"""Checks the app shells' resources without the Android SDK or Xcode (neither exists on CI here).

Android (android/app/src/main):
  - the manifest and every resource XML are well-formed;
  - every resource reference resolves: `@type/name` in XML and `R.type.name` in the app's Kotlin
    name a resource file (res/<type>[-qualifiers]/<name>.<ext>) or a value (<string name=...> in
    res/values*/...), the way aapt2 would link them;
  - every string and plural of res/values/strings.xml is used (`R.string.name`, `@string/name`);
  - every res/values-*/strings.xml names only strings and plurals of res/values/strings.xml that
    are translatable, and a translation (a folder whose first qualifier is a language:
    values-de, values-pt-rBR, values-b+sr+Latn) holds every one of them; a string has the same
    positional arguments (%1$s) as in values/, a plural's `other` item too, and its other items
    no argument values/ lacks; no text in values*/strings.xml has an apostrophe that is neither
    escaped (\\') nor inside double quotes (aapt2 refuses it);
  - the other source sets' resources (src/debug/res ...) are well-formed and each replaces a
    file of src/main/res (a resource only a debug build has would be missing from a release);
  - plain http: the manifest names a network security configuration, and the one of release
    builds (src/main) permits cleartext only to named hosts, never as its base configuration;
  - the languages are declared: res/values/ is English, and with translations the manifest's
    android:localeConfig names an XML resource listing exactly en and the translations'
    languages, as `localeFilters` in app/build.gradle.kts does (a language missing there would
    be stripped from the APK).
iOS (ios/):
  - every source project.yml lists exists, one of them holds the privacy manifest, which parses
    and declares the required-reason APIs the app uses; the local-network usage string is set;
  - the AppIcon set names files that exist, and the icon is a 1024 x 1024 PNG without alpha (the
    App Store refuses transparent icons);
  - exactly one String Catalog among the sources is Localizable.xcstrings; every String Catalog
    (InfoPlist.xcstrings too) is JSON with a source language, and every entry (unless stale or
    marked not to translate) has a translated localization for every language any entry of that
    catalog has besides the source language, each text (every plural or device variant) with
    the format specifiers of the source text (%@, %lld, %1$@ ...: the same by position; a
    plural's variants other than `other` may leave some out);
  - Localizable.xcstrings holds every plain literal the SwiftUI code shows (`Text("...")`,
    `Button("...")`, ...; interpolated texts are left to Xcode's extraction);
  - every InfoPlist.xcstrings key is an Info.plist key project.yml sets, and its English text
    is project.yml's.
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
# The language res/values/ is written in.
DEFAULT_LANGUAGE = "en"

errors = []
catalog_keys = 0
translations = {}  # Android: language -> strings and plurals translated
catalog_languages = {}  # iOS: catalog file name -> (entries, languages besides the source)


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
    used = set()
    for f in [manifest, *sorted(RES.rglob("*.xml"))]:
        for kind, name in XML_REF.findall(f.read_text(encoding="utf-8")):
            refs += 1
            used.add((kind, name.replace(".", "_")))
            if name.replace(".", "_") not in names.get(kind, set()):
                errors.append(f"{f.relative_to(ROOT)}: @{kind}/{name} names no resource")
    for f in sorted((APP / "kotlin").rglob("*.kt")):
        for kind, name in KOTLIN_REF.findall(f.read_text(encoding="utf-8")):
            refs += 1
            used.add((kind, name))
            if name not in names.get(kind, set()):
                errors.append(f"{f.relative_to(ROOT)}: R.{kind}.{name} names no resource")
    check_unused(used)
    check_translations(manifest)
    check_source_sets()
    check_cleartext(manifest)
    return refs


def check_unused(used):
    """Every string and plural of values/strings.xml is shown somewhere: a text the core now
    writes (its view models) must not linger here, untranslated drift for the next reader."""
    base = RES / "values/strings.xml"
    if not base.is_file():
        return
    strings, plurals = read_strings(base)
    for kind, ours in [("string", strings), ("plurals", plurals)]:
        for name in sorted(ours):
            if (kind, name) not in used:
                errors.append(f"{base.relative_to(ROOT)}: {kind} {name} is used by no Kotlin or XML")


def check_source_sets():
    """Resources of the other source sets override src/main's, file for file."""
    for res in sorted(APP.parent.glob("*/res")):
        if res == RES:
            continue
        for f in sorted(p for p in res.rglob("*") if p.is_file()):
            where = f.relative_to(ROOT)
            if f.suffix == ".xml":
                try:
                    ET.parse(f)
                except ET.ParseError as e:
                    errors.append(f"{where}: not well-formed XML: {e}")
            if not f.parent.name.startswith("values") and not (RES / f.relative_to(res)).is_file():
                errors.append(f"{where}: replaces no file of src/main/res (release builds would lack it)")


def check_cleartext(manifest):
    """Release builds refuse plain http but to the hosts src/main's configuration names."""
    app = ET.parse(manifest).getroot().find("application")
    ref = app.get(f"{ANDROID_NS}networkSecurityConfig") if app is not None else None
    m = re.fullmatch(r"@xml/([A-Za-z0-9_]+)", ref or "")
    if not m:
        errors.append("AndroidManifest.xml: <application> has no android:networkSecurityConfig=\"@xml/...\""
                      " (plain http to a local collector is refused)")
        return
    config = RES / f"xml/{m.group(1)}.xml"
    if not config.is_file():
        return
    root = ET.parse(config).getroot()
    base = root.find("base-config")
    if base is not None and base.get("cleartextTrafficPermitted") == "true":
        errors.append(f"{config.relative_to(ROOT)}: release builds permit plain http to every host")
    for domains in root.iter("domain-config"):
        if domains.get("cleartextTrafficPermitted") == "true" and not [d for d in domains.iter("domain") if (d.text or "").strip()]:
            errors.append(f"{config.relative_to(ROOT)}: a cleartext domain-config names no host")


def args(text):
    return set(ARG.findall(text or ""))


def read_strings(path):
    """A strings.xml's strings (name -> (text, translatable)) and plurals (name -> {quantity: text,
    ...}, translatable), with an error for every bare apostrophe."""
    strings, plurals = {}, {}
    for el in ET.parse(path).getroot():
        name = el.get("name")
        translatable = el.get("translatable", "true") != "false"
        texts = []
        if el.tag == "string":
            strings[name] = ("".join(el.itertext()), translatable)
            texts.append((name, text_segments(el)))
        elif el.tag == "plurals":
            items = {item.get("quantity"): item for item in el.iter("item")}
            plurals[name] = ({q: "".join(item.itertext()) for q, item in items.items()}, translatable)
            texts += [(f"{name}/{q}", text_segments(item)) for q, item in items.items()]
        for label, segments in texts:
            if any(bare_apostrophe(t) for t in segments):
                errors.append(f"{path.relative_to(ROOT)}: {label}: an apostrophe without a backslash"
                              " (aapt2: \"unescaped apostrophe in string\")")
    return strings, plurals


def text_segments(el):
    """The text nodes of an element and its spans (<b>, <xliff:g> ...), each parsed on its own
    by aapt2 (a span ends a quoted part)."""
    segments = [el.text or ""]
    for child in el:
        segments += text_segments(child) + [child.tail or ""]
    return segments


def bare_apostrophe(text):
    """aapt2's rule (ResourceUtils StringBuilder): an apostrophe must be escaped (\\') unless it is
    inside double quotes; a backslash escapes the next character."""
    quoted, escaped = False, False
    for c in text:
        if escaped:
            escaped = False
        elif c == "\\":
            escaped = True
        elif c == '"':
            quoted = not quoted
        elif c == "'" and not quoted:
            return True
    return False


def language_of(folder):
    """The language tag of a values-<qualifiers> folder whose first qualifier is a language
    (values-de -> de, values-pt-rBR -> pt-BR, values-b+sr+Latn -> sr-Latn), else None."""
    qualifiers = folder.split("-")[1:]
    if not qualifiers:
        return None
    if qualifiers[0].startswith("b+"):
        return "-".join(qualifiers[0].split("+")[1:])
    if not re.fullmatch(r"[a-z]{2,3}", qualifiers[0]):
        return None
    if len(qualifiers) > 1 and re.fullmatch(r"r[A-Z]{2}|r[0-9]{3}", qualifiers[1]):
        return f"{qualifiers[0]}-{qualifiers[1][1:]}"
    return qualifiers[0]


def check_translations(manifest):
    """Every values-*/strings.xml against values/strings.xml, and the languages declared."""
    base = RES / "values/strings.xml"
    if not base.is_file():
        return
    strings, plurals = read_strings(base)
    for values in sorted(RES.glob("values-*/strings.xml")):
        where = values.relative_to(ROOT)
        language = language_of(values.parent.name)
        tr_strings, tr_plurals = read_strings(values)
        for kind, ours, theirs in [("string", strings, tr_strings), ("plurals", plurals, tr_plurals)]:
            for name in sorted(theirs):
                if name not in ours:
                    errors.append(f"{where}: {kind} {name} is not in values/strings.xml")
                elif not ours[name][1]:
                    errors.append(f"{where}: {kind} {name} is translatable=\"false\" in values/strings.xml")
            if language:
                for name in sorted(n for n, (_, translatable) in ours.items() if translatable):
                    if name not in theirs:
                        errors.append(f"{where}: no {kind} {name} (every translatable one of values/strings.xml)")
        for name, (text, _) in sorted(tr_strings.items()):
            if name in strings and args(text) != args(strings[name][0]):
                errors.append(f"{where}: string {name}: positional arguments {sorted(args(text))},"
                              f" values/ has {sorted(args(strings[name][0]))}")
        for name, (items, _) in sorted(tr_plurals.items()):
            if name not in plurals:
                continue
            source = plurals[name][0]
            allowed = set().union(*map(args, source.values()))
            if "other" not in items:
                errors.append(f"{where}: plurals {name}: no `other` item")
            elif args(items["other"]) != args(source.get("other")):
                errors.append(f"{where}: plurals {name}/other: positional arguments {sorted(args(items['other']))},"
                              f" values/ has {sorted(args(source.get('other')))}")
            for quantity, text in sorted(items.items()):
                if args(text) - allowed:
                    errors.append(f"{where}: plurals {name}/{quantity}: arguments {sorted(args(text) - allowed)}"
                                  " that values/ does not have")
        if language:
            translations[language] = len(tr_strings) + len(tr_plurals)
    if translations:
        check_languages(manifest, {DEFAULT_LANGUAGE, *translations})


def language_tag(tag):
    """A tag as BCP 47 in lower case; Android's `pt-rBR` too."""
    return re.sub(r"-r([A-Za-z]{2}|[0-9]{3})$", r"-\1", tag.strip()).lower()


def check_languages(manifest, languages):
    """The manifest's locale config and the Gradle build's localeFilters list `languages`."""
    wanted = sorted(language_tag(l) for l in languages)
    app = ET.parse(manifest).getroot().find("application")
    ref = app.get(f"{ANDROID_NS}localeConfig") if app is not None else None
    m = re.fullmatch(r"@xml/([A-Za-z0-9_]+)", ref or "")
    if not m:
        errors.append("AndroidManifest.xml: <application> has no android:localeConfig=\"@xml/...\""
                      f" for the per-app language setting (languages {wanted})")
    elif (RES / f"xml/{m.group(1)}.xml").is_file():
        config = RES / f"xml/{m.group(1)}.xml"
        listed = sorted(language_tag(el.get(f"{ANDROID_NS}name", "")) for el in ET.parse(config).getroot().iter("locale"))
        if listed != wanted:
            errors.append(f"{config.relative_to(ROOT)}: lists {listed}; the app's languages are {wanted}")
    gradle = APP.parent.parent / "build.gradle.kts"
    filters = re.findall(r"localeFilters\s*(?:\+=|=)\s*(?:listOf|setOf)\(([^)]*)\)",
                         gradle.read_text(encoding="utf-8") if gradle.is_file() else "")
    listed = sorted(language_tag(t) for group in filters for t in re.findall(r'"([^"]+)"', group))
    if listed != wanted:
        errors.append(f"{gradle.relative_to(ROOT)}: androidResources.localeFilters lists {listed};"
                      f" the app's languages are {wanted}")


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


# A format specifier of a String Catalog text: %@, %lld, %1$@, %.2lf ... (not %%).
SPECIFIER = re.compile(r"%(?:(\d+)\$)?[-+ #0']*\d*(?:\.\d+)?(hh|h|ll|l|q|z|t|j|L)?([@dDiuUxXoOfFeEgGcCsSpaA%])")


def specifiers(text):
    """A text's format specifiers by position: {1: "lld", 2: "@"}."""
    found, n = {}, 0
    for m in SPECIFIER.finditer(text):
        if m.group(3) == "%":
            continue
        n += 1
        found[int(m.group(1)) if m.group(1) else n] = (m.group(2) or "") + m.group(3)
    return found


def units(localization, path=()):
    """Every (variant path, stringUnit) of a localization: the plain one, plural and device
    variants (nested), substitutions."""
    if not isinstance(localization, dict):
        return
    if "stringUnit" in localization:
        yield path, localization["stringUnit"]
    for kind, variants in (localization.get("variations") or {}).items():
        for name, variant in (variants or {}).items():
            yield from units(variant, path + ((kind, name),))
    for name, sub in (localization.get("substitutions") or {}).items():
        yield from units(sub, path + (("substitution", name),))


def check_catalog(path, catalog):
    """Every entry translated into every language of the catalog, with the source's specifiers.
    Returns the entries and the languages (besides the source language)."""
    where = path.relative_to(ROOT)
    source = catalog["sourceLanguage"]
    entries = {k: v for k, v in catalog["strings"].items() if isinstance(v, dict)}
    languages = sorted({l for e in entries.values() for l in (e.get("localizations") or {})} - {source})
    for key, entry in sorted(entries.items()):
        if entry.get("shouldTranslate") is False or entry.get("extractionState") == "stale":
            continue
        localizations = entry.get("localizations") or {}
        # The source text: its `other` or plain unit if the catalog has one, else the key.
        source_units = dict(units(localizations.get(source)))
        source_text = next((u.get("value", "") for p, u in source_units.items()
                            if all(name == "other" for _, name in p)), key)
        wanted = specifiers(source_text)
        for language in languages:
            if language not in localizations:
                errors.append(f"{where}: \"{key}\" has no {language} localization")
                continue
            found = list(units(localizations[language]))
            if not found:
                errors.append(f"{where}: \"{key}\": the {language} localization has no text")
            for variant, unit in found:
                label = f"\"{key}\" [{language}{''.join(f' {k}={n}' for k, n in variant)}]"
                if unit.get("state") != "translated" or not unit.get("value"):
                    errors.append(f"{where}: {label} is not translated (state {unit.get('state')})")
                    continue
                if any(kind == "substitution" for kind, _ in variant):
                    continue
                got = specifiers(unit["value"])
                partial = any(kind == "plural" and name != "other" for kind, name in variant)
                if (got.items() - wanted.items()) if partial else got != wanted:
                    errors.append(f"{where}: {label}: format specifiers {got}; the source has {wanted}")
    return entries, languages


def check_string_catalog(sources, project):
    catalogs = [p for src in sources for p in sorted((ROOT / "ios" / src).rglob("*.xcstrings"))]
    main = [p for p in catalogs if p.name == "Localizable.xcstrings"]
    if len(main) != 1:
        errors.append(f"ios: {len(main)} Localizable.xcstrings among the app's sources; wanted 1")
    keys = {}
    for path in catalogs:
        try:
            catalog = json.loads(path.read_text(encoding="utf-8"))
        except ValueError as e:
            errors.append(f"{path.relative_to(ROOT)}: not JSON: {e}")
            continue
        if not catalog.get("sourceLanguage") or not isinstance(catalog.get("strings"), dict):
            errors.append(f"{path.relative_to(ROOT)}: no sourceLanguage or strings")
            continue
        entries, languages = check_catalog(path, catalog)
        catalog_languages[path.name] = (len(entries), languages)
        if path.name == "InfoPlist.xcstrings":
            check_info_plist_catalog(path, catalog, project)
        if path in main:
            swift = [p for src in sources for p in (ROOT / "ios" / src).rglob("*.swift")]
            keys = swiftui_keys(swift)
            for key, f in sorted(keys.items()):
                if key not in catalog["strings"]:
                    errors.append(f"{path.relative_to(ROOT)}: no entry for \"{key}\" ({f.relative_to(ROOT)})")
    return len(keys)


def check_info_plist_catalog(path, catalog, project):
    """InfoPlist.xcstrings translates Info.plist keys project.yml sets; its English text is
    project.yml's (one text, not two that drift apart)."""
    source = catalog["sourceLanguage"]
    for key, entry in sorted(catalog["strings"].items()):
        m = re.search(rf"^\s*{re.escape(key)}:[ \t]*(.*?)[ \t]*$", project, re.M)
        if not m:
            errors.append(f"{path.relative_to(ROOT)}: {key} is not an Info.plist key ios/project.yml sets")
            continue
        unit = ((entry or {}).get("localizations", {}).get(source) or {}).get("stringUnit")
        if unit and unit.get("value") != m.group(1):
            errors.append(f"{path.relative_to(ROOT)}: {key}: the {source} text differs from ios/project.yml's")


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
    catalog_keys = check_string_catalog(sources, project)
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
android_languages = ", ".join(f"{l} ({n})" for l, n in sorted(translations.items())) or "none"
ios_languages = "; ".join(f"{name}: {n} entries in {', '.join(langs) or 'no other language'}"
                          for name, (n, langs) in sorted(catalog_languages.items()))
print(f"app resources: {refs} Android references resolve, Android translations complete: {android_languages};"
      f" {icons} iOS icon(s) checked, {catalog_keys} iOS strings in the String Catalog;"
      f" iOS catalogs translated: {ios_languages}")

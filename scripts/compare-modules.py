#!/usr/bin/env python3
"""The module referee: which targets compile each Swift file, as SwiftPM and Xcode see it, and how DocSheet agrees.

Run it through scripts/compare-modules (which provides the virtual environment); see that file for the usage.

Independence: nothing here reads DocSheet's code or output except to score it. Packages are read through
`swift package dump-package` and SwiftPM's own rules for turning a manifest into source files (PackageBuilder and
TargetSourcesBuilder in swift-package-manager); Xcode projects are parsed with the PyPI package openstep-parser and
resolved here (group tree, synchronized folders, build settings), following Xcode's documented behaviour and the open
source swift-build where it applies (module-name mangling, EXCLUDED_SOURCE_FILE_NAMES pattern matching).

Platform note: `swift package dump-package` on Linux evaluates `#if os(Linux)` as true and `#if os(iOS)` as false.
DocSheet evaluates manifests as an Apple platform (iOS by default) by rewriting the manifest's #if platform conditions
before evaluating it. With --platform ios (the default) this script does the same rewriting itself (see
IOS_CONDITIONS below: os(), canImport(), arch(), targetEnvironment() on #if/#elseif lines) and ALSO evaluates the
manifest unmodified; every manifest whose targets differ between the two evaluations is reported ("platform-dependent
manifests"), because that is exactly where a Linux evaluation and DocSheet's iOS evaluation can disagree.
"""

import argparse
import fnmatch
import hashlib
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ElementTree
from collections import OrderedDict, defaultdict

import openstep_parser

SKIPPED_DIRECTORIES = {".build", "checkouts", "Pods", "Carthage", "DerivedData", "node_modules"}
MANIFEST_RE = re.compile(r"^Package(@swift-[0-9.]+)?\.swift$")
DECLARATION_RE = re.compile(r"^[^/\n\"]*?(?<![.\w])(func\s+[^\s(<]+|init\s*[?!]?\s*[<(]|subscript\s*[<(])", re.M)


def log(message):
    print(message, file=sys.stderr)


def is_under(path, folder):
    return path == folder or path.startswith(folder.rstrip("/") + "/")


def c99ext_identifier(text):
    """Xcode's `:c99extidentifier` (swift-build's mangledToC99ExtendedIdentifier): every character that cannot stand
    in a C99 extended identifier becomes `_`, and so does a leading digit ("3D Touch" -> "_D_Touch").
    ASCII is exact; for other characters Python's isalpha() stands in for C99 Annex D's table (close, not equal)."""
    characters = []
    for character in text:
        if (character.isascii() and (character.isalnum() or character == "_")) or (not character.isascii() and character.isalpha()):
            characters.append(character)
        else:
            characters.append("_")
    if characters and characters[0].isdigit():
        characters[0] = "_"
    return "".join(characters)


def spm_c99name(name):
    """SwiftPM's module name for a target name: invalid identifier characters become `_`, a leading digit gets `_`
    in front (PackageModel's String.spm_mangledToC99ExtendedIdentifier)."""
    return c99ext_identifier(name)


# --------------------------------------------------------------------------------------------------------------------
# Discovery


class Discovery:
    def __init__(self, root):
        self.root = root
        self.manifest_dirs = []       # folders holding a Package.swift
        self.pbxprojs = []            # paths of project.pbxproj
        self.workspaces = []          # *.xcworkspace outside .xcodeproj bundles
        self.swift_files = []         # every *.swift (manifests excluded)
        self.manifest_files = []      # Package.swift, Package@swift-*.swift
        self.git_roots = []
        self._walk()

    def _walk(self):
        for directory, subdirectories, files in os.walk(self.root):
            if os.path.exists(os.path.join(directory, ".git")):
                self.git_roots.append(directory)
            keep = []
            for name in sorted(subdirectories):
                full = os.path.join(directory, name)
                if name.startswith(".") or name in SKIPPED_DIRECTORIES:
                    continue
                if name.endswith(".xcodeproj"):
                    if os.path.isfile(os.path.join(full, "project.pbxproj")):
                        self.pbxprojs.append(os.path.join(full, "project.pbxproj"))
                    continue
                if name.endswith(".xcworkspace"):
                    self.workspaces.append(full)
                    continue
                keep.append(name)
            subdirectories[:] = keep
            if "Package.swift" in files:
                self.manifest_dirs.append(directory)
            for name in sorted(files):
                if not name.endswith(".swift"):
                    continue
                full = os.path.join(directory, name)
                if MANIFEST_RE.match(name) and "Package.swift" in files:
                    self.manifest_files.append(full)
                else:
                    self.swift_files.append(full)


def walk_files(folder, skip_hidden=True, opaque_extensions=()):
    """Every file below folder, not entering hidden folders or folders with the given extensions."""
    result = []
    for directory, subdirectories, files in os.walk(folder):
        subdirectories[:] = sorted(d for d in subdirectories
                                   if not (skip_hidden and d.startswith("."))
                                   and os.path.splitext(d)[1][1:] not in opaque_extensions)
        for name in sorted(files):
            if skip_hidden and name.startswith("."):
                continue
            result.append(os.path.join(directory, name))
    return result


# --------------------------------------------------------------------------------------------------------------------
# SwiftPM

IOS_MODULES = {
    "Darwin", "Foundation", "UIKit", "SwiftUI", "Combine", "ObjectiveC", "CoreFoundation", "Dispatch", "os",
    "CoreGraphics", "CoreData", "CoreLocation", "MapKit", "AVFoundation", "WebKit", "Security", "Network",
    "CryptoKit", "CommonCrypto", "OSLog", "XCTest", "Testing", "QuartzCore", "CoreText", "ImageIO", "Photos",
    "PhotosUI", "StoreKit", "UserNotifications", "WidgetKit", "AppIntents", "ActivityKit", "SwiftData", "Observation",
    "CloudKit", "GameKit", "Metal", "MetalKit", "CoreML", "Vision", "NaturalLanguage", "SafariServices", "MessageUI",
    "LocalAuthentication", "AuthenticationServices", "CoreMotion", "HealthKit", "EventKit", "Contacts", "ContactsUI",
    "MobileCoreServices", "UniformTypeIdentifiers", "SystemConfiguration", "CFNetwork", "Accelerate", "simd",
    "CoreImage", "CoreMedia", "CoreVideo", "AudioToolbox", "MediaPlayer", "SceneKit", "SpriteKit", "ARKit", "RealityKit",
    "LinkPresentation", "QuickLook", "BackgroundTasks", "Intents", "IntentsUI", "CoreHaptics", "CoreBluetooth",
    "CoreNFC", "PushKit", "CallKit", "NetworkExtension", "FoundationEssentials", "Synchronization", "_Concurrency",
}

IOS_CONDITIONS = [
    # (pattern, function of the match giving "true"/"false"), applied on #if / #elseif lines only.
    (re.compile(r"\bos\(\s*(\w+)\s*\)"), lambda m: "true" if m.group(1) == "iOS" else "false"),
    (re.compile(r"\bcanImport\(\s*([\w.]+)\s*(?:,[^)]*)?\)"),
     lambda m: "true" if m.group(1).split(".")[0] in IOS_MODULES else "false"),
    (re.compile(r"\barch\(\s*(\w+)\s*\)"), lambda m: "true" if m.group(1) == "arm64" else "false"),
    (re.compile(r"\btargetEnvironment\(\s*(\w+)\s*\)"), lambda m: "false"),
]
CONDITION_LINE_RE = re.compile(r"^(\s*#(?:if|elseif)\b)(.*)$", re.M)


def rewrite_for_ios(text):
    def rewrite_line(match):
        condition = match.group(2)
        for pattern, replacement in IOS_CONDITIONS:
            condition = pattern.sub(replacement, condition)
        return match.group(1) + condition
    return CONDITION_LINE_RE.sub(rewrite_line, text)


class PackageDumper:
    def __init__(self, cache_dir):
        self.cache_dir = cache_dir
        os.makedirs(cache_dir, exist_ok=True)
        try:
            self.toolchain = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout.strip()
        except OSError:
            self.toolchain = "?"

    def dump(self, package_dir, platform):
        """dump-package JSON of the manifest in package_dir evaluated for platform ('linux' as is, 'ios' rewritten).
        Returns (json or None, error text)."""
        manifests = sorted(n for n in os.listdir(package_dir) if MANIFEST_RE.match(n))
        originals = {}
        for name in manifests:
            with open(os.path.join(package_dir, name), encoding="utf-8", errors="replace") as handle:
                originals[name] = handle.read()
        texts = originals
        if platform == "ios":
            texts = {name: rewrite_for_ios(text) for name, text in texts.items()}
        key = hashlib.sha256(json.dumps([platform, self.toolchain, sorted(texts.items())]).encode()).hexdigest()
        cached = os.path.join(self.cache_dir, key + ".json")
        if os.path.exists(cached):
            with open(cached) as handle:
                entry = json.load(handle)
            return entry.get("manifest"), entry.get("error", "")
        if texts == originals:
            manifest, error = self._run(package_dir)
        else:
            # The rewritten manifest is evaluated in a copy: first in a temporary folder, then (for manifests with
            # relative paths such as .package(path: "..")) in a hidden temporary sibling of the package folder.
            manifest, error = self._run_in_copy(texts, None)
            if manifest is None:
                manifest, error = self._run_in_copy(texts, os.path.dirname(package_dir))
        with open(cached, "w") as handle:
            json.dump({"manifest": manifest, "error": error}, handle)
        return manifest, error

    def _run_in_copy(self, texts, parent):
        with tempfile.TemporaryDirectory(prefix=".compare-modules-", dir=parent) as temporary:
            for name, text in texts.items():
                with open(os.path.join(temporary, name), "w", encoding="utf-8") as handle:
                    handle.write(text)
            return self._run(temporary)

    def _run(self, directory):
        with tempfile.TemporaryDirectory(prefix="scratch-", dir=self.cache_dir) as scratch:
            process = subprocess.run(["swift", "package", "--package-path", directory, "--scratch-path", scratch,
                                      "dump-package"], capture_output=True, text=True)
        if process.returncode != 0:
            return None, (process.stderr.strip().splitlines() or ["dump-package failed"])[-1]
        try:
            return json.loads(process.stdout), ""
        except json.JSONDecodeError as error:
            return None, f"dump-package printed no JSON: {error}"


def tools_version(manifest):
    text = (manifest.get("toolsVersion") or {}).get("_version", "5.0.0")
    return tuple(int(p) for p in (text.split(".") + ["0", "0"])[:3] if p.isdigit())


SPM_SOURCE_DIRS = ["Sources", "Source", "src", "srcs"]
SPM_TEST_DIRS = ["Tests", "Sources", "Source", "src", "srcs"]
SPM_PLUGIN_DIRS = ["Plugins"]
SPM_OPAQUE_EXTENSIONS = {"nib", "xib", "storyboard", "xcassets", "xcstrings", "xcdatamodeld", "xcdatamodel",
                         "xcmappingmodel", "metal", "xcprivacy", "docc"}
SPM_KIND = {"regular": "packageLibrary", "executable": "executable", "test": "unitTests", "macro": "macro",
            "plugin": "plugin", "snippet": "executable"}


def spm_targets(package_dir, manifest):
    """[(target name, type, [absolute Swift files], note)] following PackageBuilder.findPath and
    TargetSourcesBuilder.computeContents."""
    version = tools_version(manifest)
    targets = manifest.get("targets", [])

    def first_existing(candidates):
        for candidate in candidates:
            if os.path.isdir(os.path.join(package_dir, candidate)):
                return candidate
        return candidates[0]

    source_dir = first_existing(SPM_SOURCE_DIRS)
    test_dir = first_existing(SPM_TEST_DIRS)
    plugin_dir = first_existing(SPM_PLUGIN_DIRS)
    # PackageBuilder.predefinedTargetDirectories: a test directory other than Tests/ is only used when it holds a
    # test target.
    if test_dir != "Tests":
        test_names = {t["name"] for t in targets if t.get("type") == "test"}
        folder = os.path.join(package_dir, test_dir)
        if not any(os.path.isdir(os.path.join(folder, name)) for name in test_names):
            test_dir = "Tests"

    def common_count(kind):
        if kind == "test":
            return sum(1 for t in targets if t.get("type") == "test")
        if kind == "plugin":
            return sum(1 for t in targets if t.get("type") == "plugin")
        return sum(1 for t in targets if t.get("type") not in ("test", "plugin"))

    result = []
    for target in targets:
        kind = target.get("type", "regular")
        name = target["name"]
        if kind in ("system", "binary"):
            continue
        note = ""
        custom = target.get("path")
        if custom is not None:
            path = package_dir if custom in ("", ".") else os.path.normpath(os.path.join(package_dir, custom))
            if not os.path.isdir(path):
                result.append((name, kind, [], f"custom path {custom!r} is not a folder"))
                continue
        else:
            base = {"test": test_dir, "plugin": plugin_dir}.get(kind, source_dir)
            base_path = os.path.join(package_dir, base)
            contents = os.listdir(base_path) if os.path.isdir(base_path) else []
            if name in contents:
                path = os.path.join(base_path, name)
            elif version >= (5, 9) and common_count(kind) == 1 and os.path.isdir(base_path):
                path = base_path
                note = f"single {kind} target occupies {base}/"
            else:
                lowered = {entry.lower(): entry for entry in contents}
                if name.lower() in lowered:
                    path = os.path.join(base_path, lowered[name.lower()])
                    note = "target folder differs in case (macOS' case-insensitive file system finds it)"
                else:
                    result.append((name, kind, [], f"no folder {base}/{name}"))
                    continue
        result.append((name, kind, target_sources(package_dir, path, target, version), note))
    # Snippets: every Swift file under Snippets/ of a root package is an executable of its own.
    snippets = os.path.join(package_dir, "Snippets")
    if os.path.isdir(snippets):
        for file in walk_files(snippets, skip_hidden=False):
            if file.endswith(".swift"):
                result.append((os.path.splitext(os.path.basename(file))[0], "snippet", [file], "snippet"))
    return result


def target_sources(package_dir, target_path, target, version):
    excluded = {os.path.normpath(os.path.join(target_path, e)) for e in target.get("exclude", [])}
    declared = target.get("sources")
    declared = None if declared is None else [os.path.normpath(os.path.join(target_path, s)) for s in declared]
    resources = [(os.path.normpath(os.path.join(target_path, r["path"])), list(r.get("rule", {}).keys()))
                 for r in target.get("resources", [])]
    copied = {path for path, rule in resources if rule == ["copy"]}
    ignored_extensions = {"xcodeproj", "playground", "xcworkspace"} | (set() if version >= (5, 3) else {"lproj"})
    files = []
    queue = [target_path]
    while queue:
        path = queue.pop()
        base = os.path.basename(path)
        if base.startswith("."):
            continue
        extension = os.path.splitext(base)[1][1:]
        if extension in ignored_extensions:
            continue
        if os.path.dirname(path) == package_dir and MANIFEST_RE.match(base):
            continue
        if path in excluded:
            continue
        if not os.path.isdir(path):
            files.append(path)
            continue
        is_declared = path == target_path or (declared is not None and path in declared)
        if version >= (5, 6):
            if extension in SPM_OPAQUE_EXTENSIONS and not is_declared:
                continue
        elif version >= (5, 3):
            if extension and extension != "lproj" and not is_declared:
                continue
        if path in copied:
            continue
        if os.path.basename(os.path.dirname(path)).endswith(".lproj"):
            continue
        try:
            queue += [os.path.join(path, entry) for entry in os.listdir(path)]
        except OSError:
            pass
    swift = []
    for file in files:
        if not file.endswith(".swift"):
            continue
        if any(is_under(file, resource) for resource, _ in resources):
            continue     # a declared resource wins over the compile rule
        if declared is not None and not any(is_under(file, source) for source in declared):
            continue
        swift.append(file)
    return sorted(swift)


# --------------------------------------------------------------------------------------------------------------------
# Xcode projects

XCODE_KINDS = [
    ("com.apple.product-type.application.watchapp2-container", "app"),
    ("com.apple.product-type.application", "app"),
    ("com.apple.product-type.app-extension", "appExtension"),
    ("com.apple.product-type.extensionkit-extension", "appExtension"),
    ("com.apple.product-type.watchkit2-extension", "appExtension"),
    ("com.apple.product-type.watchkit-extension", "appExtension"),
    ("com.apple.product-type.tv-app-extension", "appExtension"),
    ("com.apple.product-type.framework", "framework"),
    ("com.apple.product-type.library.static", "staticLibrary"),
    ("com.apple.product-type.bundle.unit-test", "unitTests"),
    ("com.apple.product-type.bundle.ocunit-test", "unitTests"),
    ("com.apple.product-type.bundle.ui-testing", "uiTests"),
    ("com.apple.product-type.tool", "executable"),
]
# Folders Xcode shows (and adds to a synchronized group) as one item, not as a folder of files.
XCODE_WRAPPER_EXTENSIONS = {"xcassets", "xcdatamodeld", "xcdatamodel", "xcmappingmodel", "bundle", "framework",
                            "xcframework", "app", "appex", "playground", "docc", "xcodeproj", "xcworkspace",
                            "scnassets", "rcproject", "mlpackage", "rkassets", "xctest", "storyboardc", "nib",
                            "xcstickers", "iconset", "imageset", "appiconset", "icon", "spriteatlas"}


def xcode_kind(product_type):
    for prefix, kind in XCODE_KINDS:
        if product_type == prefix or product_type.startswith(prefix + "."):
            return kind
    return "other"


def split_setting_key(key):
    """PRODUCT_NAME[sdk=iphoneos*][arch=*] -> ('PRODUCT_NAME', [('sdk', 'iphoneos*'), ('arch', '*')])"""
    match = re.match(r"^([A-Za-z0-9_]+)((?:\[[^\]]*\])*)\s*$", key)
    if not match:
        return key, []
    conditions = []
    for part in re.findall(r"\[([^\]]*)\]", match.group(2)):
        name, _, value = part.partition("=")
        conditions.append((name.strip(), value.strip()))
    return match.group(1), conditions


def setting_text(value):
    if isinstance(value, list):
        return " ".join(shlex.quote(str(v)) if " " in str(v) else str(v) for v in value)
    return str(value)


class BuildSettings:
    """Xcode's layered build settings for one target and configuration: built-in defaults < project xcconfig <
    project < target xcconfig < target. Every xcconfig assignment is its own layer so that `$(inherited)` in a later
    line sees the earlier one."""

    def __init__(self, layers, condition_values):
        self.layers = layers                    # [[(name, conditions, raw value)]] lowest first
        self.condition_values = condition_values
        self.depth = 0

    def _matches(self, conditions):
        for name, pattern in conditions:
            value = self.condition_values.get(name)
            if value is None or not fnmatch.fnmatchcase(value, pattern):
                return False
        return True

    def _raw(self, name, below):
        """(layer index, raw value) of the definition of name at layer below-1 or lower."""
        for index in range(below - 1, -1, -1):
            best = None
            for setting, conditions, value in self.layers[index]:
                if setting == name and self._matches(conditions):
                    if best is None or len(conditions) >= best[0]:
                        best = (len(conditions), value)
            if best is not None:
                return index, best[1]
        return None

    def value(self, name, below=None):
        found = self._raw(name, len(self.layers) if below is None else below)
        if found is None:
            return None
        index, raw = found
        self.depth += 1
        try:
            if self.depth > 40:
                return ""
            return self.expand(setting_text(raw), name, index)
        finally:
            self.depth -= 1

    def expand(self, text, current=None, index=None):
        out = []
        i = 0
        while i < len(text):
            if text[i] == "$" and i + 1 < len(text) and text[i + 1] in "({":
                closing = ")" if text[i + 1] == "(" else "}"
                level, j = 1, i + 2
                while j < len(text) and level:
                    if text[j] == "$" and j + 1 < len(text) and text[j + 1] in "({":
                        level += 1
                        j += 2
                        continue
                    if text[j] in ")}":
                        level -= 1
                    j += 1
                inner = self.expand(text[i + 2:j - 1], current, index) if level == 0 else text[i + 2:]
                out.append(self._evaluate(inner, current, index))
                i = j
            else:
                out.append(text[i])
                i += 1
        return "".join(out)

    def _evaluate(self, inner, current, index):
        parts = inner.split(":")
        name, operators = parts[0], parts[1:]
        if name == "inherited":
            value = (self.value(current, index) if current and index is not None else None) or ""
        else:
            value = self.value(name)
        for operator in operators:
            operator_name, equals, argument = operator.partition("=")
            if operator_name == "default":
                value = argument if not value else value
            elif value is None:
                continue
            elif operator_name == "c99extidentifier":
                value = c99ext_identifier(value)
            elif operator_name == "identifier":
                value = re.sub(r"[^A-Za-z0-9_]", "_", value)
            elif operator_name == "rfc1034identifier":
                value = re.sub(r"[^A-Za-z0-9-]", "-", value)
            elif operator_name == "lower":
                value = value.lower()
            elif operator_name == "upper":
                value = value.upper()
            elif operator_name == "base":
                value = os.path.splitext(os.path.basename(value))[0]
            elif operator_name == "file":
                value = os.path.basename(value)
            elif operator_name == "dir":
                value = os.path.dirname(value) + "/"
            elif operator_name == "suffix":
                value = os.path.splitext(value)[1]
            elif operator_name == "standardizepath":
                value = os.path.normpath(value)
        return value or ""

    def string_list(self, name):
        text = self.value(name) or ""
        try:
            return shlex.split(text)
        except ValueError:
            return text.split()


def parse_xcconfig(path, seen=None):
    """[(name, conditions, value)] in file order, #include'd files first where they stand."""
    seen = seen or set()
    if path in seen or not os.path.isfile(path):
        return []
    seen.add(path)
    assignments = []
    with open(path, encoding="utf-8", errors="replace") as handle:
        for line in handle:
            line = line.strip()
            include = re.match(r'^#include\??\s+"([^"]+)"', line)
            if include:
                target = include.group(1)
                if not os.path.isabs(target):
                    target = os.path.join(os.path.dirname(path), target)
                assignments += parse_xcconfig(os.path.normpath(target), seen)
                continue
            line = line.split("//", 1)[0].strip()
            if not line or "=" not in line:
                continue
            key, _, value = line.partition("=")
            value = value.strip()
            if value.endswith(";"):
                value = value[:-1].rstrip()
            name, conditions = split_setting_key(key.strip())
            assignments.append((name, conditions, value))
    return assignments


def list_setting_matches(path, patterns):
    """swift-build's Path.matchesFilenamePattern: an absolute pattern is matched against the whole path; a relative
    one of N components against the last N components of the path (fnmatch with FNM_PATHNAME)."""
    components = path.split("/")
    for pattern in patterns:
        if not pattern:
            continue
        if pattern.startswith("/"):
            candidates = [path]
        else:
            count = len([c for c in pattern.split("/") if c])
            candidates = ["/".join(components[-count:])]
        for candidate in candidates:
            if pathname_fnmatch(candidate, pattern):
                return pattern
    return None


def pathname_fnmatch(text, pattern):
    regex = fnmatch.translate(pattern).replace(".*", "[^/]*")
    return re.match(regex, text) is not None


class XcodeProject:
    def __init__(self, pbxproj_path, sdk_default="iphoneos"):
        self.pbxproj = pbxproj_path
        self.xcodeproj = os.path.dirname(pbxproj_path)
        self.folder = os.path.dirname(self.xcodeproj)
        self.name = os.path.splitext(os.path.basename(self.xcodeproj))[0]
        self.sdk_default = sdk_default
        self.notes = []
        with open(pbxproj_path, encoding="utf-8", errors="replace") as handle:
            data = openstep_parser.OpenStepDecoder.ParseFromString(handle.read())
        self.objects = data["objects"]
        self.object_version = data.get("objectVersion")
        self.root = self.objects[data["rootObject"]]
        project_dir_path = self.root.get("projectDirPath") or ""
        self.source_root = os.path.normpath(os.path.join(self.folder, project_dir_path))
        self.parents = {}
        for identifier, item in self.objects.items():
            for child in item.get("children", []) if isinstance(item, dict) else []:
                self.parents.setdefault(child, identifier)
        self._paths = {}
        self.local_packages = [os.path.normpath(os.path.join(self.source_root, o.get("relativePath") or o.get("path", "")))
                               for o in self.objects.values()
                               if isinstance(o, dict) and o.get("isa") == "XCLocalSwiftPackageReference"]
        self.targets = self._targets()

    # -- group tree --------------------------------------------------------------------------------------------
    def path_of(self, identifier):
        if identifier in self._paths:
            return self._paths[identifier]
        self._paths[identifier] = None     # cycle guard
        item = self.objects.get(identifier)
        result = None
        if isinstance(item, dict):
            tree = item.get("sourceTree", "<group>")
            path = item.get("path")
            if tree == "<group>":
                parent = self.parents.get(identifier)
                base = self.path_of(parent) if parent else self.source_root
                if base is not None:
                    result = os.path.normpath(os.path.join(base, path)) if path else base
            elif tree == "SOURCE_ROOT" or tree in ("SRCROOT", "PROJECT_DIR"):
                result = os.path.normpath(os.path.join(self.source_root, path or ""))
            elif tree == "<absolute>":
                result = os.path.normpath(path) if path else None
            else:
                result = None   # BUILT_PRODUCTS_DIR, SDKROOT, DEVELOPER_DIR, custom source trees: not project files
        self._paths[identifier] = result
        return result

    # -- build settings ----------------------------------------------------------------------------------------
    def _configuration(self, list_id, name=None):
        configuration_list = self.objects.get(list_id, {})
        configurations = [self.objects[c] for c in configuration_list.get("buildConfigurations", []) if c in self.objects]
        wanted = name or configuration_list.get("defaultConfigurationName") or "Release"
        for configuration in configurations:
            if configuration.get("name") == wanted:
                return configuration
        if name is None:
            for configuration in configurations:
                if configuration.get("name") == "Release":
                    return configuration
        return configurations[0] if configurations else None

    def _xcconfig_layers(self, configuration):
        if not configuration:
            return []
        path = None
        if configuration.get("baseConfigurationReference"):
            path = self.path_of(configuration["baseConfigurationReference"])
        elif configuration.get("baseConfigurationReferenceAnchor"):
            anchor = self.path_of(configuration["baseConfigurationReferenceAnchor"])
            if anchor:
                path = os.path.join(anchor, configuration.get("baseConfigurationReferenceRelativePath", ""))
        if not path:
            return []
        if not os.path.isfile(path):
            self.notes.append(f"base configuration {os.path.relpath(path, self.folder)} not found")
            return []
        return [[assignment] for assignment in parse_xcconfig(path)]

    def settings_for(self, target):
        target_configuration = self._configuration(target.get("buildConfigurationList"))
        configuration_name = target_configuration.get("name") if target_configuration else "Release"
        project_configuration = self._configuration(self.root.get("buildConfigurationList"), configuration_name) \
            or self._configuration(self.root.get("buildConfigurationList"))

        builtins = [
            ("TARGET_NAME", [], target.get("name", "")), ("TARGETNAME", [], target.get("name", "")),
            ("PROJECT_NAME", [], self.name), ("PROJECT", [], self.name),
            ("SRCROOT", [], self.source_root), ("SOURCE_ROOT", [], self.source_root),
            ("PROJECT_DIR", [], self.source_root), ("PROJECT_FILE_PATH", [], self.xcodeproj),
            ("CONFIGURATION", [], configuration_name), ("PRODUCT_NAME", [], "$(TARGET_NAME)"),
            ("PRODUCT_MODULE_NAME", [], "$(PRODUCT_NAME:c99extidentifier)"),
            ("SDKROOT", [], self.sdk_default), ("PLATFORM_NAME", [], "$(SDKROOT)"),
            ("CURRENT_ARCH", [], "arm64"), ("ARCHS", [], "arm64"),
        ]

        def assignments(configuration):
            settings = (configuration or {}).get("buildSettings", {}) or {}
            return [split_setting_key(key) + (value,) for key, value in settings.items()]

        layers = [builtins]
        layers += self._xcconfig_layers(project_configuration)
        layers.append(assignments(project_configuration))
        layers += self._xcconfig_layers(target_configuration)
        layers.append(assignments(target_configuration))
        first = BuildSettings(layers, {"config": configuration_name, "arch": "arm64", "variant": "normal"})
        sdk = (first.value("SDKROOT") or self.sdk_default).strip() or self.sdk_default
        if sdk == "auto":
            platforms = (first.value("SUPPORTED_PLATFORMS") or "iphoneos").split()
            sdk = platforms[0] if platforms else "iphoneos"
        sdk = os.path.basename(sdk).replace(".sdk", "")
        return BuildSettings(layers, {"sdk": sdk, "config": configuration_name, "arch": "arm64", "variant": "normal"}), configuration_name

    # -- targets -----------------------------------------------------------------------------------------------
    def _reference_files(self, identifier):
        """Absolute paths a build file's fileRef stands for (a variant group stands for its children)."""
        item = self.objects.get(identifier)
        if not isinstance(item, dict):
            return []
        if item.get("isa") == "PBXFileReference":
            path = self.path_of(identifier)
            return [path] if path else []
        if item.get("isa") == "PBXVariantGroup":
            return [p for child in item.get("children", []) for p in self._reference_files(child)]
        return []

    def _synchronized_files(self, group_id):
        group = self.objects.get(group_id, {})
        folder = self.path_of(group_id)
        if not folder or not os.path.isdir(folder):
            if folder:
                self.notes.append(f"synchronized folder {os.path.relpath(folder, self.folder)} missing")
            return folder, []
        explicit_folders = [f.strip("/") for f in group.get("explicitFolders", []) or []]
        relatives = []
        for file in walk_files(folder, opaque_extensions=XCODE_WRAPPER_EXTENSIONS):
            relative = os.path.relpath(file, folder)
            if any(is_under(relative, f) for f in explicit_folders):
                continue
            relatives.append(relative)
        return folder, relatives

    def _targets(self):
        targets = []
        exception_sets = {}
        sync_owner = defaultdict(list)   # sync group id -> target ids that list it
        for target_id in self.root.get("targets", []):
            target = self.objects.get(target_id, {})
            for group_id in target.get("fileSystemSynchronizedGroups", []) or []:
                sync_owner[group_id].append(target_id)
        compiled = OrderedDict((target_id, []) for target_id in self.root.get("targets", []))
        phase_target = {}
        for target_id in self.root.get("targets", []):
            target = self.objects.get(target_id, {})
            for phase_id in target.get("buildPhases", []) or []:
                phase_target[phase_id] = target_id
        source_phase_of = {}
        for target_id in compiled:
            target = self.objects.get(target_id, {})
            for phase_id in target.get("buildPhases", []) or []:
                phase = self.objects.get(phase_id, {})
                if phase.get("isa") != "PBXSourcesBuildPhase":
                    continue
                source_phase_of[target_id] = phase_id
                for build_file_id in phase.get("files", []) or []:
                    build_file = self.objects.get(build_file_id, {})
                    for path in self._reference_files(build_file.get("fileRef")):
                        compiled[target_id].append((path, "build phase"))
        # Synchronized folders (Xcode 16).
        groups = [i for i, o in self.objects.items() if isinstance(o, dict) and o.get("isa") == "PBXFileSystemSynchronizedRootGroup"]
        for group_id in groups:
            group = self.objects[group_id]
            folder, relatives = self._synchronized_files(group_id)
            if folder is None:
                continue
            explicit_types = group.get("explicitFileTypes", {}) or {}

            def is_swift(relative):
                if relative in explicit_types:
                    return explicit_types[relative] == "sourcecode.swift"
                return relative.endswith(".swift")

            def listed(relative, exceptions):
                return any(relative == e.rstrip("/") or is_under(relative, e.rstrip("/")) for e in exceptions)

            removed = defaultdict(list)     # target id -> exceptions for a target syncing the folder
            added = defaultdict(list)       # target id -> exceptions adding files to a target that does not
            moved_out = []                  # files moved to a non-Sources build phase
            for exception_id in group.get("exceptions", []) or []:
                exception = self.objects.get(exception_id, {})
                members = exception.get("membershipExceptions", []) or []
                if exception.get("isa") == "PBXFileSystemSynchronizedBuildFileExceptionSet":
                    target_id = exception.get("target")
                    if target_id in sync_owner[group_id]:
                        removed[target_id] += members
                    else:
                        added[target_id] += members
                elif exception.get("isa") == "PBXFileSystemSynchronizedGroupBuildPhaseMembershipExceptionSet":
                    phase_id = exception.get("buildPhase")
                    target_id = phase_target.get(phase_id)
                    phase = self.objects.get(phase_id, {})
                    swift_members = [m for m in members if m.endswith(".swift")]
                    if phase.get("isa") == "PBXSourcesBuildPhase":
                        added[target_id] += swift_members
                    elif swift_members:
                        moved_out.append((target_id, swift_members))
                        self.notes.append(f"{len(swift_members)} Swift file(s) of {group.get('path')} moved to a "
                                          f"{phase.get('isa')} (not compiled by that target)")
            for target_id in sync_owner[group_id]:
                if target_id not in compiled:
                    continue
                out = [m for t, ms in moved_out if t == target_id for m in ms]
                for relative in relatives:
                    if is_swift(relative) and not listed(relative, removed[target_id]) and not listed(relative, out):
                        compiled[target_id].append((os.path.join(folder, relative), "synchronized folder"))
            for target_id, members in added.items():
                if target_id not in compiled:
                    continue
                for relative in relatives:
                    if is_swift(relative) and listed(relative, members):
                        compiled[target_id].append((os.path.join(folder, relative), "synchronized-folder exception"))
        for target_id, files in compiled.items():
            target = self.objects.get(target_id, {})
            if target.get("isa") != "PBXNativeTarget":
                continue
            settings, configuration = self.settings_for(target)
            module = c99ext_identifier(settings.value("PRODUCT_MODULE_NAME") or settings.value("PRODUCT_NAME")
                                       or target.get("name", ""))
            excluded = settings.string_list("EXCLUDED_SOURCE_FILE_NAMES")
            included = settings.string_list("INCLUDED_SOURCE_FILE_NAMES")
            kept, seen, dropped = [], set(), []
            for path, how in files:
                if not path.endswith(".swift") and how == "build phase":
                    continue
                if path in seen:
                    continue
                seen.add(path)
                if excluded and list_setting_matches(path, excluded) and not list_setting_matches(path, included):
                    dropped.append(path)
                    continue
                kept.append((path, how))
            targets.append({
                "id": target_id, "name": target.get("name", ""), "module": module,
                "kind": xcode_kind(target.get("productType", "")), "productType": target.get("productType", ""),
                "configuration": configuration, "files": kept, "excludedBySetting": dropped,
            })
        return targets


# --------------------------------------------------------------------------------------------------------------------
# Workspaces


def workspace_members(xcworkspace):
    """(projects [.xcodeproj paths], package folders, other references) named by contents.xcworkspacedata."""
    container = os.path.dirname(xcworkspace)
    data = os.path.join(xcworkspace, "contents.xcworkspacedata")
    projects, packages, others = [], [], []
    if not os.path.isfile(data):
        return projects, packages, others

    def resolve(location, group_dir):
        kind, _, path = location.partition(":")
        if kind == "group":
            return os.path.normpath(os.path.join(group_dir, path))
        if kind == "container":
            return os.path.normpath(os.path.join(container, path))
        if kind == "absolute":
            return os.path.normpath(path)
        if kind == "self":
            return os.path.normpath(os.path.join(container, path))
        return None

    def walk(element, group_dir):
        for child in element:
            location = child.get("location", "")
            path = resolve(location, group_dir) if location else group_dir
            if child.tag == "Group":
                walk(child, path or group_dir)
            elif child.tag == "FileRef" and path:
                if path.endswith(".xcodeproj"):
                    projects.append(path)
                elif os.path.isfile(os.path.join(path, "Package.swift")):
                    packages.append(path)
                else:
                    others.append(path)

    walk(ElementTree.parse(data).getroot(), container)
    return projects, packages, others


# --------------------------------------------------------------------------------------------------------------------
# The build systems' view


class View:
    def __init__(self, root, platform, cache_dir):
        self.root_argument = root
        if root.endswith(".xcworkspace"):
            self.workspace = root
            self.base = os.path.dirname(root)
        else:
            self.workspace = None
            self.base = root
        self.platform = platform
        self.warnings = []
        self.notes = []
        self.discovery = Discovery(self.base)
        self.dumper = PackageDumper(cache_dir)
        self.owners = defaultdict(list)          # file -> [(order key, module, target label, kind, project)]
        self.modules = OrderedDict()              # (project, module) -> kind
        self.projects = []                        # ("package"|"xcode", path relative to base, #targets)
        self.package_targets = {}                 # package dir -> [(name, kind, files, note)]
        self.platform_dependent = []
        self.unknown_files = set()                # files of packages whose manifest failed
        self.outer_compilers = defaultdict(list)  # file -> outer-package targets compiling it too
        self.scope_packages, self.scope_projects = self._scope()
        self._read_packages()
        self._read_projects()
        self._classify()

    def rel(self, path):
        return os.path.relpath(path, self.base)

    def _scope(self):
        manifests = list(self.discovery.manifest_dirs)
        projects = [os.path.dirname(p) for p in self.discovery.pbxprojs]
        if not self.workspace:
            return manifests, projects
        member_projects, member_packages, others = workspace_members(self.workspace)
        for other in others:
            self.notes.append(f"workspace reference {self.rel(other)} is neither a project nor a package (ignored)")
        packages = set(member_packages)
        for project in member_projects:
            pbxproj = os.path.join(project, "project.pbxproj")
            if os.path.isfile(pbxproj):
                try:
                    packages.update(XcodeProject(pbxproj).local_packages)
                except Exception as error:  # noqa: BLE001
                    self.warnings.append(f"{self.rel(pbxproj)}: {error}")
        # Local packages the member packages depend on (.package(path:)) are built with them.
        pending = list(packages)
        while pending:
            package = pending.pop()
            if not os.path.isfile(os.path.join(package, "Package.swift")):
                continue
            manifest, _ = self.dumper.dump(package, self.platform)
            for dependency in (manifest or {}).get("dependencies", []):
                for entry in dependency.get("fileSystem", []) or []:
                    path = os.path.normpath(entry.get("path", ""))
                    if path and path not in packages and os.path.isdir(path):
                        packages.add(path)
                        pending.append(path)
        return sorted(p for p in packages if os.path.isfile(os.path.join(p, "Package.swift"))), sorted(member_projects)

    def _read_packages(self):
        for package_dir in self.scope_packages:
            manifest, error = self.dumper.dump(package_dir, self.platform)
            label = self.rel(os.path.join(package_dir, "Package.swift"))
            if manifest is None:
                self.warnings.append(f"{label}: dump-package failed: {error}")
                for file in self.discovery.swift_files:
                    if self._nearest_manifest(file) == package_dir:
                        self.unknown_files.add(file)
                continue
            if self.platform == "ios":
                linux, _ = self.dumper.dump(package_dir, "linux")
                if linux is not None:
                    ios_names = [t["name"] for t in manifest.get("targets", [])]
                    linux_names = [t["name"] for t in linux.get("targets", [])]
                    if ios_names != linux_names or json.dumps(manifest.get("targets"), sort_keys=True) != json.dumps(linux.get("targets"), sort_keys=True):
                        self.platform_dependent.append((label, sorted(set(ios_names) - set(linux_names)),
                                                        sorted(set(linux_names) - set(ios_names))))
            targets = spm_targets(package_dir, manifest)
            self.package_targets[package_dir] = targets
            self.projects.append(("package", label, len(targets)))
            for order, (name, kind, files, note) in enumerate(targets):
                module = spm_c99name(name)
                self.modules[(label, module)] = SPM_KIND.get(kind, "other")
                if note and not files:
                    self.warnings.append(f"{label}: target {name}: {note}")
                elif note:
                    self.notes.append(f"{label}: target {name}: {note}")
                for file in files:
                    nearest = self._nearest_manifest(file)
                    if nearest != package_dir:
                        # SwiftPM compiles it (an outer package's target folder contains a nested package), but the
                        # nearest manifest governs the file in DocSheet's view.
                        self.outer_compilers[file].append(f"{label}:{name}")
                        continue
                    self.owners[file].append((owner_rank(file, package_dir, True, label, order), module, f"{label}:{name}",
                                              SPM_KIND.get(kind, "other"), label))

    def _nearest_manifest(self, file):
        best = None
        for package_dir in self.discovery.manifest_dirs:
            if is_under(file, package_dir) and (best is None or len(package_dir) > len(best)):
                best = package_dir
        return best

    def _read_projects(self):
        for project_dir in self.scope_projects:
            pbxproj = os.path.join(project_dir, "project.pbxproj")
            label = self.rel(pbxproj)
            try:
                project = XcodeProject(pbxproj)
            except Exception as error:  # noqa: BLE001
                self.warnings.append(f"{label}: cannot read: {error}")
                continue
            self.projects.append(("xcode", label, len(project.targets)))
            for note in project.notes:
                self.notes.append(f"{label}: {note}")
            for order, target in enumerate(project.targets):
                self.modules[(label, target["module"])] = target["kind"]
                for path in target["excludedBySetting"]:
                    self.notes.append(f"{label}: {target['name']}: {self.rel(path)} left out by EXCLUDED_SOURCE_FILE_NAMES")
                for path, how in target["files"]:
                    self.owners[path].append((owner_rank(path, os.path.dirname(project_dir), False, self.rel(pbxproj), order), target["module"],
                                              f"{self.rel(project.xcodeproj)}:{target['name']}", target["kind"], label))

    def _classify(self):
        governed_folders = list(self.scope_packages) + [os.path.dirname(p) for p in self.scope_projects]
        self.files = OrderedDict()    # file -> {"module", "targets", "labels"} for owned files
        self.unowned = []
        self.ungoverned = []
        universe = list(self.discovery.swift_files)
        if self.workspace:
            universe = [f for f in universe if any(is_under(f, g) for g in governed_folders)]
        for file in sorted(universe):
            owners = sorted(self.owners.get(file, []), key=lambda owner: owner[0])
            if owners:
                targets = list(OrderedDict.fromkeys(o[1] for o in owners))
                self.files[file] = {"module": owners[0][1], "targets": targets, "labels": [o[2] for o in owners],
                                    "kinds": [o[3] for o in owners]}
            elif file in self.unknown_files:
                continue
            elif any(is_under(file, g) for g in governed_folders):
                self.unowned.append(file)
            else:
                self.ungoverned.append(file)
        # Files a target compiles that lie outside the scanned folder.
        for file in self.owners:
            if not is_under(file, self.base):
                self.notes.append(f"{', '.join(o[2] for o in self.owners[file])} compiles {file}, outside ROOT")

    def repository_of(self, file):
        best = None
        for git_root in self.discovery.git_roots:
            if is_under(file, git_root) and (best is None or len(git_root) > len(best)):
                best = git_root
        return best or self.base

    def summary(self):
        rows = OrderedDict()
        repositories = sorted(set(self.discovery.git_roots) | {self.base})
        for repository in repositories:
            rows[repository] = {"manifests": 0, "pbxproj": 0, "targets": 0, "swift": 0, "several": 0,
                                "severalModules": 0, "unowned": 0, "ungoverned": 0}
        for kind, label, count in self.projects:
            row = rows[self.repository_of(os.path.join(self.base, label))]
            row["manifests" if kind == "package" else "pbxproj"] += 1
            row["targets"] += count
        for file, entry in self.files.items():
            row = rows[self.repository_of(file)]
            row["swift"] += 1
            if len(entry["labels"]) > 1:
                row["several"] += 1
            if len(entry["targets"]) > 1:
                row["severalModules"] += 1
        for file in self.unowned:
            rows[self.repository_of(file)]["swift"] += 1
            rows[self.repository_of(file)]["unowned"] += 1
        for file in self.ungoverned:
            rows[self.repository_of(file)]["swift"] += 1
            rows[self.repository_of(file)]["ungoverned"] += 1
        return OrderedDict((k, v) for k, v in rows.items() if v["swift"] or v["manifests"] or v["pbxproj"])

    def print_report(self, list_files=False):
        print(f"== build systems' view of {self.root_argument} (platform {self.platform})")
        for warning in self.warnings:
            print(f"warning: {warning}")
        for label, only_ios, only_linux in self.platform_dependent:
            print(f"platform-dependent manifest: {label}: targets only on iOS {only_ios}, only on Linux {only_linux}"
                  + ("" if only_ios or only_linux else " (same names, other target details differ)"))
        for file, compilers in sorted(self.outer_compilers.items()):
            print(f"note: {self.rel(file)} is also compiled by {', '.join(compilers)} (outer package; SwiftPM would "
                  f"compile it there too, the nearest manifest governs it here)")
        for note in self.notes:
            print(f"note: {note}")
        header = f"{'repository':<44} {'manifests':>9} {'pbxproj':>7} {'targets':>7} {'swift':>6} {'several':>7} {'sevMod':>6} {'unowned':>7} {'folder':>6}"
        print(header)
        for repository, row in self.summary().items():
            name = os.path.relpath(repository, os.path.dirname(self.base)) if repository != self.base else os.path.basename(self.base)
            print(f"{name:<44} {row['manifests']:>9} {row['pbxproj']:>7} {row['targets']:>7} {row['swift']:>6} "
                  f"{row['several']:>7} {row['severalModules']:>6} {row['unowned']:>7} {row['ungoverned']:>6}")
        print("(several: files in more than one target; sevMod: files whose targets have more than one module name; "
              "unowned: governed by a package or project folder but compiled by no target; folder: no build system)")
        if list_files:
            for (project, module), kind in self.modules.items():
                print(f"module\t{module}\t{kind}\t{project}")
            for file, entry in self.files.items():
                print(f"{self.rel(file)}\t{entry['module']}\t{','.join(entry['targets'])}\t{' '.join(entry['labels'])}")
            for file in self.unowned:
                print(f"{self.rel(file)}\t(unowned)")
            for file in self.ungoverned:
                print(f"{self.rel(file)}\t(folder)")

    def expected(self):
        return {
            "files": OrderedDict((self.rel(f), {"module": e["module"], "targets": e["targets"]}) for f, e in self.files.items()),
            "unowned": [self.rel(f) for f in self.unowned],
        }


# --------------------------------------------------------------------------------------------------------------------
# Scoring DocSheet


def default_docsheet(repo_root):
    for candidate in [os.path.join(repo_root, ".build-release/release/docsheet"),
                      os.path.join(repo_root, ".build/release/docsheet"), os.path.join(repo_root, ".build/debug/docsheet")]:
        if os.access(candidate, os.X_OK):
            return candidate
    return None


def run_docsheet(binary, root, output, manifests="syntactic"):
    extra = ["--evaluate-manifests"] if manifests == "evaluate" else []
    process = subprocess.run([binary, "generate", root, "--format", "json", "--no-cache", "--output", output] + extra,
                             capture_output=True, text=True)
    if process.returncode != 0:
        log(process.stderr[-4000:])
        raise SystemExit(f"error: docsheet failed with exit code {process.returncode}")
    return process.stderr


def docsheet_records(path, view):
    with open(path) as handle:
        document = json.load(handle)
    kinds = {m.get("name"): m.get("kind") for m in document.get("modules", [])}
    per_file = defaultdict(lambda: {"modules": set(), "targets": set(), "count": 0})
    for key in ("functions", "types"):
        for record in document.get(key, []):
            file = record.get("file")
            if not file:
                continue
            absolute = os.path.normpath(os.path.join(view.base, file))
            if not os.path.exists(absolute):
                candidate = os.path.normpath(os.path.join(os.path.dirname(view.base), file))
                if os.path.exists(candidate):
                    absolute = candidate
            entry = per_file[absolute]
            entry["modules"].add(record.get("module"))
            entry["targets"].add(tuple(record.get("targets") or []))
            entry["count"] += 1
    return per_file, kinds, document


def owner_rank(path, folder, is_package, label, order):
    """The order of a file's owners: build descriptions whose folder contains the file first, the nearest first; at
    the same distance a package before an Xcode project; then by the description's path, then the target's position
    (the rule Documentation/Extraction.md states for the module of a file several targets compile)."""
    if is_under(path, folder):
        inside = (0, len(os.path.relpath(path, folder).split(os.sep)))
    else:
        inside = (1, 0)
    return inside + (0 if is_package else 1, label, order)


def merge_symlinks(view, records):
    """One entry per physical file: a Swift file reached through symbolic links (RxSwift's Sources/ is all links into
    its Xcode folders) is one record whose targets are the union over every path that reaches it, its module the
    module of the first owner. Replaces view.files/unowned/ungoverned and re-keys DocSheet's records likewise."""
    merged = OrderedDict()
    for file, entry in view.files.items():
        real = os.path.realpath(file)
        owners = view.owners.get(file, [])
        if real not in merged:
            merged[real] = {"module": entry["module"], "targets": list(entry["targets"]), "labels": list(entry["labels"]),
                            "first": min(o[0] for o in owners), "kinds": list(entry["kinds"])}
        else:
            m = merged[real]
            first = min(o[0] for o in owners)
            if first < m["first"]:
                m["module"], m["first"] = entry["module"], first
            m["targets"] = list(OrderedDict.fromkeys(m["targets"] + entry["targets"]))
            m["labels"] += entry["labels"]
    view.files = merged
    view.unowned = sorted({os.path.realpath(f) for f in view.unowned} - set(merged))
    view.ungoverned = sorted({os.path.realpath(f) for f in view.ungoverned} - set(merged) - set(view.unowned))
    view.unknown_files = {os.path.realpath(f) for f in view.unknown_files}
    rekeyed = defaultdict(lambda: {"modules": set(), "targets": set(), "count": 0})
    for file, record in records.items():
        entry = rekeyed[os.path.realpath(file)]
        entry["modules"] |= record["modules"]
        entry["targets"] |= record["targets"]
        entry["count"] += record["count"]
    return rekeyed


def compare(view, records, kinds, max_list):
    by_repository = defaultdict(lambda: {"files": 0, "module": 0, "targets": 0})
    disagreements = defaultdict(list)
    for file, record in sorted(records.items()):
        relative = view.rel(file)
        if os.path.basename(file) in ("Package.swift",) or MANIFEST_RE.match(os.path.basename(file)):
            disagreements["manifest files DocSheet reports"].append(f"{relative}")
            continue
        docsheet_modules = sorted(m or "" for m in record["modules"])
        docsheet_targets = sorted({tuple(t) for t in record["targets"]})
        if len(docsheet_modules) > 1 or len(docsheet_targets) > 1:
            disagreements["records of one file disagree among themselves"].append(
                f"{relative}: modules {docsheet_modules}, targets {[list(t) for t in docsheet_targets]}")
        module = docsheet_modules[0] if docsheet_modules else ""
        targets = list(docsheet_targets[0]) if docsheet_targets else []
        if file in view.files:
            expected = view.files[file]
            row = by_repository[view.repository_of(file)]
            row["files"] += 1
            module_ok = module == expected["module"]
            targets_ok = sorted(set(targets)) == sorted(set(expected["targets"]))
            row["module"] += module_ok
            row["targets"] += targets_ok
            if not module_ok or not targets_ok:
                why = []
                if not module_ok:
                    why.append("module is another owner (order)" if module in expected["targets"] else "module")
                if not targets_ok:
                    why.append("targets")
                disagreements["module/targets"].append(
                    f"{relative}: DocSheet {module} {sorted(targets)} | referee {expected['module']} "
                    f"{expected['targets']} ({', '.join(why)}; owners {' '.join(expected['labels'])})")
        elif file in view.unowned:
            disagreements["compiled by no target, yet reported"].append(f"{relative}: DocSheet {module} {targets}")
        elif file in view.ungoverned:
            if kinds.get(module) not in ("folder", None):
                disagreements["no build system governs it, yet DocSheet gives a non-folder module"].append(
                    f"{relative}: DocSheet {module} (kind {kinds.get(module)})")
        elif file in view.unknown_files:
            pass
        else:
            disagreements["DocSheet reports a file the referee did not scan"].append(f"{relative}: {module}")
    for file in view.files:
        if file in records:
            continue
        try:
            with open(file, encoding="utf-8", errors="replace") as handle:
                text = handle.read()
        except OSError:
            continue
        if DECLARATION_RE.search(text):
            entry = view.files[file]
            disagreements["compiled, has declarations, but DocSheet left it out"].append(
                f"{view.rel(file)}: referee {entry['module']} {entry['targets']}")
    return by_repository, disagreements


def check_swiftpm(view):
    """Cross-checks this script's SwiftPM rules with SwiftPM itself: `swift package describe` (Linux evaluation) of
    every package without remote dependencies, against spm_targets() of the Linux dump-package."""
    checked = mismatches = 0
    for package_dir in view.scope_packages:
        manifest, _ = view.dumper.dump(package_dir, "linux")
        if manifest is None:
            continue
        if any("sourceControl" in d or "registry" in d for d in manifest.get("dependencies", [])):
            continue
        with tempfile.TemporaryDirectory(prefix="describe-", dir=view.dumper.cache_dir) as scratch:
            process = subprocess.run(["swift", "package", "--package-path", package_dir, "--scratch-path", scratch,
                                      "describe", "--type", "json"], capture_output=True, text=True)
        label = view.rel(os.path.join(package_dir, "Package.swift"))
        if process.returncode != 0:
            print(f"check-swiftpm: {label}: describe failed: {(process.stderr.strip().splitlines() or ['?'])[-1]}")
            continue
        described = {}
        for target in json.loads(process.stdout).get("targets", []):
            root = os.path.normpath(os.path.join(package_dir, target.get("path", "")))
            described[target["name"]] = sorted(os.path.normpath(os.path.join(root, s)) for s in target.get("sources", [])
                                               if s.endswith(".swift"))
        mine = {name: sorted(files) for name, kind, files, _ in spm_targets(package_dir, manifest)}
        checked += 1
        for name in sorted(set(described) | set(mine)):
            if described.get(name, []) != mine.get(name, []):
                mismatches += 1
                only_swiftpm = sorted(set(described.get(name, [])) - set(mine.get(name, [])))
                only_mine = sorted(set(mine.get(name, [])) - set(described.get(name, [])))
                print(f"check-swiftpm: {label}: target {name}: only SwiftPM {[view.rel(f) for f in only_swiftpm][:5]}"
                      f" ({len(only_swiftpm)}), only referee {[view.rel(f) for f in only_mine][:5]} ({len(only_mine)})")
    print(f"check-swiftpm: {checked} package(s) described, {mismatches} target(s) differ")


def main():
    parser = argparse.ArgumentParser(description="Scores DocSheet's modules against the build systems' view.")
    parser.add_argument("--repo-root", required=True)
    parser.add_argument("--min", type=float, default=None)
    parser.add_argument("--platform", choices=["ios", "linux"], default="ios")
    parser.add_argument("--view", action="store_true")
    parser.add_argument("--list", action="store_true")
    parser.add_argument("--write-expected")
    parser.add_argument("--docsheet-json")
    parser.add_argument("--max-list", type=int, default=0)
    parser.add_argument("--check-swiftpm", action="store_true")
    parser.add_argument("--lexical-paths", action="store_true")
    parser.add_argument("--manifests", choices=["syntactic", "evaluate"], default="syntactic")
    parser.add_argument("root")
    parser.add_argument("docsheet", nargs="?")
    arguments = parser.parse_args()

    root = os.path.realpath(arguments.root)
    if not os.path.exists(root):
        raise SystemExit(f"error: {arguments.root} does not exist")
    view = View(root, arguments.platform, os.path.join(arguments.repo_root, ".build", "referee-cache"))

    if arguments.write_expected:
        with open(arguments.write_expected, "w") as handle:
            json.dump(view.expected(), handle, indent=2)
            handle.write("\n")
        view.print_report(list_files=arguments.list)
        print(f"wrote {arguments.write_expected}")
        return 0
    view.print_report(list_files=arguments.list)
    if arguments.check_swiftpm:
        check_swiftpm(view)
    if arguments.view:
        return 0

    if arguments.docsheet_json:
        output = arguments.docsheet_json
    else:
        binary = arguments.docsheet or default_docsheet(arguments.repo_root)
        if not binary or not os.access(binary, os.X_OK):
            raise SystemExit("error: no docsheet binary; pass its path as the second argument")
        temporary = tempfile.mkdtemp(prefix="compare-modules-")
        output = os.path.join(temporary, "docsheet.json")
        print(f"== running {binary} (manifests: {arguments.manifests})")
        stderr = run_docsheet(binary, root, output, arguments.manifests)
        warnings = [line for line in stderr.splitlines() if "warning" in line.lower()]
        if warnings:
            print(f"   DocSheet printed {len(warnings)} warning line(s), e.g. {warnings[0][:200]}")
        # What the syntactic reader could not follow: every such line, as each may explain a difference.
        for line in stderr.splitlines():
            if "Package.swift:" in line and ": warning: " in line:
                print(f"   {line[:300]}")
    records, kinds, document = docsheet_records(output, view)
    if not arguments.docsheet_json:
        if os.environ.get("COMPARE_KEEP") == "1":
            print(f"   DocSheet's output kept in {output}")
        else:
            shutil.rmtree(os.path.dirname(output), ignore_errors=True)
    if document.get("schemaVersion") not in (2, 3, 4):
        print(f"warning: DocSheet's schemaVersion is {document.get('schemaVersion')}, this referee expects 2, 3 or 4")
    if not arguments.lexical_paths:
        records = merge_symlinks(view, records)
    by_repository, disagreements = compare(view, records, kinds, arguments.max_list)

    print(f"== DocSheet vs the build systems ({len(records)} files with records)")
    print(f"{'repository':<44} {'files':>6} {'module':>8} {'targets':>8}")
    total = {"files": 0, "module": 0, "targets": 0}
    for repository, row in sorted(by_repository.items()):
        name = os.path.relpath(repository, os.path.dirname(view.base)) if repository != view.base else os.path.basename(view.base)
        files = row["files"] or 1
        print(f"{name:<44} {row['files']:>6} {row['module'] / files:>8.3f} {row['targets'] / files:>8.3f}")
        for key in total:
            total[key] += row[key]
    files = total["files"] or 1
    module_rate, targets_rate = total["module"] / files, total["targets"] / files
    print(f"{'all':<44} {total['files']:>6} {module_rate:>8.3f} {targets_rate:>8.3f}")
    for kind, lines in disagreements.items():
        print(f"-- {kind}: {len(lines)}")
        for line in lines[:arguments.max_list or None]:
            print(f"   {line}")
        if arguments.max_list and len(lines) > arguments.max_list:
            print(f"   ... {len(lines) - arguments.max_list} more")
    problems = sum(len(v) for k, v in disagreements.items() if k != "module/targets")
    if arguments.min is not None and (module_rate < arguments.min or targets_rate < arguments.min
                                      or disagreements.get("compiled by no target, yet reported")
                                      or disagreements.get("compiled, has declarations, but DocSheet left it out")):
        print(f"FAIL: agreement below {arguments.min} or files wrongly kept/left out ({problems} other findings)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

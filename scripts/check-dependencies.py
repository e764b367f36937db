#!/usr/bin/env python3
"""Checks that every Swift target of Package.swift declares exactly the package modules its
sources import: a declared dependency nobody imports slows builds and misleads readers, and an
undeclared import builds only by the accident of another target's dependency.

    scripts/check-dependencies.py [path/to/package]

Only the standard library. Exits 1 and lists every mismatch; C targets (no Swift sources) are
skipped. Modules from outside the package (Foundation, Glibc, Testing...) are not counted.
"""

import os
import re
import sys

KINDS = ("target", "executableTarget", "testTarget", "systemLibrary", "macro", "plugin")

IMPORT = re.compile(
    r"^[ \t]*(?:@[A-Za-z_]+(?:\([^)\n]*\))?[ \t]+)*"
    r"(?:(?:public|package|internal|fileprivate|private)[ \t]+)?import[ \t]+"
    r"(?:(?:struct|class|enum|protocol|typealias|func|var|let)[ \t]+)?"
    r"([A-Za-z_][A-Za-z0-9_]*)",
    re.MULTILINE,
)


def strip_comments(text):
    """Package.swift or a source file without comments and string literals' bodies (which may
    contain brackets, parentheses or lines beginning with `import`)."""
    out, i, n = [], 0, len(text)
    while i < n:
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if text.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif text.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    if text[i] == "\n":
                        out.append("\n")
                    i += 1
        elif text.startswith('"""', i):
            j = text.find('"""', i + 3)
            j = n if j < 0 else j + 3
            out.append('""' + "\n" * text.count("\n", i, j))
            i = j
        elif text[i] == '"':
            j = i + 1
            while j < n and text[j] not in '"\n':
                j += 2 if text[j] == "\\" else 1
            out.append(text[i : j + 1])
            i = j + 1
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def calls(manifest):
    """(kind, argument text) of every `.target(...)`-like call, by matching parentheses."""
    for match in re.finditer(r"\.(%s)\s*\(" % "|".join(KINDS), manifest):
        depth, i = 1, match.end()
        while i < len(manifest) and depth:
            depth += {"(": 1, ")": -1}.get(manifest[i], 0)
            i += 1
        yield match.group(1), manifest[match.end() : i - 1]


def string_argument(arguments, label):
    match = re.search(r'\b%s\s*:\s*"([^"]*)"' % label, arguments)
    return match.group(1) if match else None


def dependency_names(arguments):
    """The names in `dependencies: [...]`: plain strings, `.target(name:)`, `.byName(name:)`
    and `.product(name:)` (the last kept with a marker: products come from other packages)."""
    match = re.search(r"\bdependencies\s*:\s*\[", arguments)
    if not match:
        return []
    depth, i = 1, match.end()
    while i < len(arguments) and depth:
        depth += {"[": 1, "]": -1}.get(arguments[i], 0)
        i += 1
    body = arguments[match.end() : i - 1]
    names = []
    for item in re.finditer(r'\.(product|target|byName)\s*\(([^)]*)\)|"([^"]+)"', body):
        if item.group(3) is not None:
            names.append(item.group(3))
        else:
            name = string_argument(item.group(2), "name")
            names.append(("product:" if item.group(1) == "product" else "") + (name or "?"))
    return names


def module_name(target, root):
    """The name sources import: a system library's module map names it; otherwise the target's
    name with dashes as underscores (as SwiftPM does)."""
    if target["kind"] == "systemLibrary":
        modulemap = os.path.join(root, target["path"], "module.modulemap")
        if os.path.exists(modulemap):
            with open(modulemap, encoding="utf-8") as f:
                match = re.search(r"\bmodule\s+([A-Za-z_][A-Za-z0-9_]*)", f.read())
            if match:
                return match.group(1)
    return target["name"].replace("-", "_")


def swift_sources(directory, excluded):
    for base, folders, files in os.walk(directory):
        folders[:] = sorted(
            d for d in folders if os.path.join(base, d) not in excluded and not d.startswith(".")
        )
        for name in sorted(files):
            path = os.path.join(base, name)
            if name.endswith(".swift") and path not in excluded:
                yield path


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".")
    with open(os.path.join(root, "Package.swift"), encoding="utf-8") as f:
        manifest = strip_comments(f.read())

    targets = []
    for kind, arguments in calls(manifest):
        name = string_argument(arguments, "name")
        if name is None:
            continue  # a `.target(name:)` dependency inside another call's list has no kind here
        default = "Tests" if kind == "testTarget" else "Sources"
        path = string_argument(arguments, "path") or os.path.join(default, name)
        excluded = re.search(r"\bexclude\s*:\s*\[([^\]]*)\]", arguments)
        targets.append(
            {
                "kind": kind,
                "name": name,
                "path": path,
                "dependencies": dependency_names(arguments),
                "exclude": re.findall(r'"([^"]+)"', excluded.group(1)) if excluded else [],
            }
        )
    if not targets:
        print("check-dependencies: no targets found in Package.swift", file=sys.stderr)
        return 1

    modules = {module_name(t, root): t["name"] for t in targets}
    by_name = {t["name"]: t for t in targets}
    problems = []
    checked = 0
    for target in targets:
        directory = os.path.join(root, target["path"])
        excluded = {os.path.join(directory, e) for e in target["exclude"]}
        sources = list(swift_sources(directory, excluded)) if os.path.isdir(directory) else []
        if target["kind"] == "systemLibrary" or not sources:
            continue  # a C target or module map: its #includes are the C compiler's business
        checked += 1
        imported = {}
        for source in sources:
            with open(source, encoding="utf-8") as f:
                text = strip_comments(f.read())
            for module in IMPORT.findall(text):
                if module in modules and modules[module] != target["name"]:
                    imported.setdefault(modules[module], os.path.relpath(source, root))
        declared = set()
        for dependency in target["dependencies"]:
            if dependency.startswith("product:"):
                continue  # another package's product: its modules are not this package's
            if dependency not in by_name:
                problems.append(f"{target['name']}: depends on '{dependency}', which is no target")
            declared.add(dependency)
        for name in sorted(declared - imported.keys()):
            problems.append(f"{target['name']}: declares {name} but no source imports it")
        for name in sorted(imported.keys() - declared):
            problems.append(
                f"{target['name']}: imports {name} ({imported[name]}) without declaring it"
            )

    for problem in problems:
        print(f"check-dependencies: {problem}", file=sys.stderr)
    if problems:
        return 1
    print(f"check-dependencies: {checked} Swift targets declare exactly what they import")
    return 0


if __name__ == "__main__":
    sys.exit(main())

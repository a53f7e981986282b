#!/usr/bin/env bash
# Compiles core/ and app/cli/ against the LibTorch 2.x headers of Debian's next release
# (trixie's libtorch-dev), without installing anything: catches code that only builds with
# Debian 12's LibTorch 1.13, and checks the TORCH_VERSION guards take their 2.x branch.
# Needs a configured build/ (for compile_commands.json) and network access to deb.debian.org.
# Compile-only (-fsyntax-only): trixie's libraries need a newer C library than Debian 12's.
set -euo pipefail
cd "$(dirname "$0")/.."
work=${TMPDIR:-/tmp}/tfw-libtorch2
apt_options=(-o Dir::Etc::sourcelist="$work/sources.list" -o Dir::Etc::sourceparts=/dev/null
             -o Dir::State::Lists="$work/lists" -o Debug::NoLocking=1)
mkdir -p "$work/lists/partial" "$work/root"
echo "deb http://deb.debian.org/debian trixie main" > "$work/sources.list"
apt-get "${apt_options[@]}" update -qq
(cd "$work" && apt-get "${apt_options[@]}" download -qq libtorch-dev)
dpkg-deb -x "$work"/libtorch-dev_*.deb "$work/root"
include="$work/root/usr/include"
version_h="$include/torch/csrc/api/include/torch/version.h"
echo "LibTorch headers $(awk '/define TORCH_VERSION_(MAJOR|MINOR|PATCH) /{printf "%s%s", sep, $3; sep="."}' "$version_h")"

# The build's own compile commands, with trixie's LibTorch headers in place of the system's.
python3 - "$include" > "$work/commands.sh" <<'PY'
import json, shlex, sys
include = sys.argv[1]
for entry in json.load(open("build/compile_commands.json")):
    source = entry["file"]
    if not any("/%s/" % part in source for part in ("core", "app/cli")) or "/tests/" in source:
        continue
    if "sentencepiece_module/" in source:
        continue  # no LibTorch in there
    words, kept, skip = shlex.split(entry["command"]), [], False
    for i, word in enumerate(words):
        if skip:
            skip = False
        elif word.endswith("ccache"):
            pass
        elif word == "-o" or (word == "-isystem" and words[i + 1].startswith("/usr/include/torch")):
            skip = True
        else:
            kept.append(word)
    kept[1:1] = ["-isystem", include, "-isystem", include + "/torch/csrc/api/include"]
    print("cd %s && %s -fsyntax-only" % (shlex.quote(entry["directory"]),
                                         " ".join(shlex.quote(w) for w in kept)))
PY
count=$(wc -l < "$work/commands.sh")
echo "checking $count sources..."
tr '\n' '\0' < "$work/commands.sh" | xargs -0 -P"$(nproc)" -I{} bash -c '{}'
echo "all $count sources of core/ and app/cli/ compile against these headers"

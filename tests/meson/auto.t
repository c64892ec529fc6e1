# bpf-compiler=auto picks clang on this host (the first CO-RE-capable
# candidate) and says why.
. "$(dirname "$0")/../lib.sh"

examples_build auto
log=$EX_BUILD.setup.log
assert_grep 'compiler +: [^ ]*clang[^ ]* \(clang ' "$log" "summary"
assert_grep 'tried +: [^ ]*clang[^ ]*: CO-RE capable, chosen' "$log" "summary"

#!/bin/sh
# The size rules of gen/ (README, "Layout"): no file over 800 lines, no
# function over 60 (from the line after its opening brace, which stands
# alone at the start of a line, to its closing one). Prints each breach,
# exit 1 when there is one.
#
#   check_sizes.sh DIR
set -u
dir=${1:-gen}
find "$dir" -name '*.[ch]' | sort | xargs awk '
FNR == 1 { if (prev && lines > 800) { print prev ": " lines " lines (at most 800)"; bad = 1 }
           prev = FILENAME; open = 0 }
{ lines = FNR }
/^\{/ { open = FNR; name = last }
/^\}/ && open { n = FNR - open - 1
                if (n > 60) { print FILENAME ":" open ": " name ": " n " lines (at most 60)"; bad = 1 }
                open = 0 }
/^[A-Za-z_].*\(/ { last = $0 }
END { if (prev && lines > 800) { print prev ": " lines " lines (at most 800)"; bad = 1 }
      exit bad }' || exit 1

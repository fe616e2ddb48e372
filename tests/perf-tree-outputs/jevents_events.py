#!/usr/bin/env python3
"""Print every event of a perf pmu-events tree as the kernel's own
jevents.py reads it, for tests/test_perf_tree_outputs.c to compare with
hwcgen's reading:

    jevents_events.py PMU_EVENTS_DIR ARCH_DIR

PMU_EVENTS_DIR holds jevents.py and metric.py (the kernel's
tools/perf/pmu-events); ARCH_DIR is the arch/ directory to read (that
tree's own, or a fixture in its shape). One line per event, in the order
of the directories (sorted) and of their files (sorted), fields separated
by tabs: the directory below ARCH_DIR, the PMU, the event's name (lower
case, as perf has it) and perf's event string.
"""
import os
import sys


def main() -> int:
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    tools, arch_dir = sys.argv[1], sys.argv[2]
    sys.path.insert(0, tools)
    import jevents  # the kernel's, not a copy

    for arch in sorted(os.listdir(arch_dir)):
        top = os.path.join(arch_dir, arch)
        if not os.path.isdir(top):
            continue
        # an ArchStdEvent names one of the arch's own events
        jevents._arch_std_events.clear()
        jevents.preprocess_arch_std_files(top)
        for dirpath, dirnames, filenames in os.walk(top):
            dirnames.sort()
            rel = os.path.relpath(dirpath, arch_dir)
            for name in sorted(filenames):
                if not name.endswith('.json') or name == 'metricgroups.json':
                    continue
                for ev in jevents.read_json_events(os.path.join(dirpath, name), topic=''):
                    if ev.name:
                        print(f'{rel}\t{ev.pmu}\t{ev.name}\t{ev.event}')
    return 0


if __name__ == '__main__':
    sys.exit(main())

#!/usr/bin/env python3
"""The Classroom result of a lab whose check printed nothing (the workbook crashed, or did not build).

Usage: fallback.py WORKBOOK_DIR LAB   prints the result base64-encoded on one line, as the reporter reads it.

The lab keeps its full points: the sum of its steps' "points" (10 where a step.json names none, as the workbook
itself counts), scored 0, in one error entry. A lab that printed nothing then lowers the grade instead of dropping out
of the total (a max_score of 0 made the reporter's table show NaN and the notice leave the lab out).
"""
import base64
import glob
import json
import os
import sys

DEFAULT_POINTS = 10  # workbook.catalogue.Step.DEFAULT_POINTS


def full_points(workbook, lab):
    total = 0
    for path in sorted(glob.glob(os.path.join(workbook, "lessons", lab, "[0-9]*", "step.json"))):
        with open(path, encoding="utf-8") as f:
            total += int(json.load(f).get("points", DEFAULT_POINTS))
    return total


def main():
    workbook, lab = sys.argv[1], sys.argv[2]
    points = full_points(workbook, lab)
    entry = {"name": lab + ": no result", "status": "error", "score": 0, "max_score": points,
             "message": "The workbook printed no result for " + lab + " (it crashed or did not build): 0 of "
                        + str(points) + " points. See the job's log, step '" + lab + "'.",
             "test_code": "./workbook check --lab " + lab, "filename": "workspace/" + lab, "line_no": 1}
    doc = {"version": 1, "status": "error", "max_score": points, "tests": [entry]}
    print(base64.b64encode(json.dumps(doc, ensure_ascii=False).encode("utf-8")).decode("ascii"))


if __name__ == "__main__":
    main()

UNWIND $acts AS a
MERGE (act:Act {ns: $ns, code: a.code})
SET act.name = a.name

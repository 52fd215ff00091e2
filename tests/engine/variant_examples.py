"""Published variant puzzles with their published solutions (facts: the givens and the answers), and their sources.

Each is (givens, solution[, region map]) as 81-character lines; ``.`` is an empty cell. A region map gives each
cell a region symbol (here 1–9).
"""

# A classic puzzle whose one solution repeats digits on both diagonals, so it has no Sudoku X solution: USA Today,
# 6 November 2006 (usatoday30.usatoday.com/news/offbeat/2006-11-06-sudoku_x.htm), with its answer as listed in the
# public test data of joon3216/sudsoln (sudsoln/questions.py, q5_3/a5_3).
CLASSIC_NOT_X = (
    "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.",
    "859612437723854169164379528986147352375268914241593786432981675617425893598736241",
)

# Sudoku X ("diagonal Sudoku"): the example of Udacity's AI Nanodegree diagonal-Sudoku project, given with its
# expected solution in that project's public unit test (test_solve_diagonal).
X_UDACITY = (
    "2.............62....1....7...6..8...3...9...7...6..4...4....8....52.............3",
    "267945381853716249491823576576438192384192657129657438642379815935281764718564923",
)

# Windoku (Hypersudoku): the example Hypersudoku with its expected solution as documented in a public Rust
# Sudoku crate (``example_hypersudoku``: windows at rows/columns 2–4 and 6–8, as here).
WINDOKU_EXAMPLE = (
    ".......1...2....34....51........65...7.3...8...3..........8....58....9..69.......",
    "946832715152697834738451296819726543475319682263548179327985461584163927691274358",
)

# Jigsaw (Chaos Sudoku): Janko.at Chaos Sudoku no. 108 (www.janko.at/Raetsel/Sudoku/Chaos/108.a.htm), givens,
# regions and solution as documented in SmilingWayne/PuzzleSolver (docs/puzzles/jigsaw_sudoku.md).
JIGSAW_JANKO_108 = (
    "8...........1.....2.....4.6.....8..5...62..18.3...4.2....5..1.7..2.........8...9.",
    "845279361359162784281395476467918235574623918136754829928536147792481653613847592",
    "999998888555998888555998333555111333222111333222111444222766444777766444777766666",
)

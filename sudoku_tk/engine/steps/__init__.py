"""The one "why" type and its words: the Step, its walk link by link, the wording every technique shares."""

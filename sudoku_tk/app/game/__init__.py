"""One game in play: the Session and its Game, the rules that refuse a request, clock, pencil marks, colours, checks."""

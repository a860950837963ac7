"""What turns a caller's arguments into an engine query: the constrained hunt grammar
(``hunt_grammar``) and the signed paging cursors (``cursors``)."""

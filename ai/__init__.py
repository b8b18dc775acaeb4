"""The computer opponent: position evaluation, search, the cube, levels and training (numpy, no Qt).

Every evaluation is seen from the player on roll, before that player rolls, as five probabilities
in GNU Backgammon's order: win, win gammon, win backgammon, lose gammon, lose backgammon
(cumulative: a backgammon is also counted as a gammon).
"""

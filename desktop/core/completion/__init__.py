"""Completing papers that lack a title or identifiers by looking them up on arXiv and Crossref.

`queries` builds searches from a paper's authors and abstract, `services` asks arXiv (paced)
and Crossref, `scoring` weighs each candidate with evidence the user can read, `proposals`
turns the best one into the values to fill and the questions to ask.
"""

"""Pages of the club rulings log, one module per page family: the one door from a ruling into the log
(:mod:`.door`: the wizard's 「记录此裁决」 and the judgement ruling form's save), clubs and members
(:mod:`.clubs`), the review list with its CSV export and statistics (:mod:`.review`), a record with its actions
(:mod:`.record`: history, comments, appeal, sign-off, the A4 print sheet) and the record form
(:mod:`.record_form`, prefilled from a wizard walk).

Thin: clubs.permissions decides who may see a page, forms read input, clubs.services writes, clubs.selectors
reads. Bad input re-renders the page with a 400 naming the field, in the page's language; a stale edit
re-renders it with a 409 and the changes the editor has not seen.
"""

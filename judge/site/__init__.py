"""The rules site: a static, offline-capable HTML site of every installed rules document and
every bundled scenario's ruling (``judge site OUTDIR``), and a local server for it with a page
to try a scenario (``judge serve``).

Layout of a generated site (all links relative, works from ``file://``)::

    index.html                      documents per game
    <doc>/index.html                a document's sections
    <doc>/<top-level section>.html  the section and all its descendants, one anchor per rule:
                                    ``fab-1.4/20.html#20.7.2a`` (the anchor is the node key)
    rulings/index.html              every bundled scenario, and those that could not be run
    rulings/<game>/<name>.html      a scenario's ruling; trace citations link to rule pages
    search.html                     full search results (the header search works on every page)
    search-index.js                 the prebuilt search index (a script assigning a global)
    static/site.css, static/search.js
    .judge-site                     marker: what a previous ``judge site`` wrote

Modules: ``urls`` (paths and hrefs), ``textlinks`` (rule text -> linked segments), ``svg``
(citation neighbourhood pictures), ``pages`` (graph -> page views), ``rulings`` (scenarios ->
ruling views), ``searchindex``, ``output`` (OUTDIR safety), ``build`` (orchestration),
``server`` (``judge serve``), ``linkcheck`` (every internal href resolves).
"""

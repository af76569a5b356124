"""``judge search``: rank the rules that answer a judge's question, and say why each matched.

Reads the tables :mod:`judge.rules.search_index` writes into the compiled index. Only built-in
modules of the standard library (gc, marshal; SQLite through the connection it is given, which
also takes the logarithms: :func:`_logs`) are imported here: this is a lookup path and must start fast (no click, networkx,
lark or jinja2).

A hit's score adds these signals (each one reported by ``--explain``):

* **fields** - BM25F over a rule's title (a glossary entry's term), the headings above it, its
  text and its examples: each query word (or, at a lower weight, a synonym of it from the
  documents' own glossaries or the slang list) adds idf x saturated weighted frequency.
  Each word also matches its other forms where the Porter stemmer splits them
  (:data:`VARIANTS`: irregular verbs, British spellings) and its derivations
  (:data:`DERIVED`); no synonym or other form counts for more than the word asked (its idf is
  capped at the word's own); words that frame a question (:data:`FRAMING`) count for less;
* **coverage** - the share of the question's words (weighted by idf) a rule matches scales
  that sum, so a rule matching every word beats one repeating a single word; words matched
  only by a rule's sub-rules count in part (the rule and its steps answer together);
* **parent** - a rule whose parent matches is lifted by it (a short rule whose parent carries
  the meaning);
* **compound term** - two words next to each other in the question that the documents print
  next to each other in more than one rule ("attack reaction", "control check") count as one
  more word, with the pair's own (higher) idf, in the field scores and the coverage;
* **phrase / near** - two words adjacent in the question that are adjacent (or close) in a
  rule;
* **together** - the share of the question's weight found within one passage of WINDOW tokens
  of a rule's text (its title's and headings' words count in every passage) lifts it: a long
  section naming each word somewhere is not one that answers them together;
* **glossary** - a glossary or keyword entry the question matches lifts the rules that use
  that term;
* **children / cites** - a rule whose sub-rules or cited rules match is lifted by them;
* **kind** - a section heading's score is scaled (the rules under it answer; it heads them);
* **cited by** - rules cited by many others get a small prior.

Work is linear in the number of distinct words of the query (each is looked up once).
"""

# On the lookup path: imports no .py module of the standard library (gc and marshal are built
# in; not math, a shared library of its own: :func:`_logs`; the packed arrays are read through memoryview, as the array module would
# import collections; see judge/rules/lookup.py and tests/rules/test_fast_paths.py).
import gc
import marshal

from judge import sqlite_light

FIELDS = ("title", "heading", "text", "examples")   # the columns of rank_text, in order

# Words that carry no meaning in a question. Shared with the index build (search_index).
STOP = frozenset("""
a an the is are was were be been being do does did done can could may might must shall should
will would i my me mine we our us you your yours he his him she her they their them it its this
that these those there here to of in on at by for from with into onto about as and or but if
then than so what when whenever where which who whom whose why how any some each every all
both either neither not no yes just also still only very too ever while get got gets
having has have had am let lets one ones s t
happen happens happened happening exactly allowed actually really anything anybody anyone
something someone okay ok please even
""".split())


# Words that frame a question more than they name its subject ("does X count as Y", "what does X
# mean", "how does X work"): they count, at FRAMING_WEIGHT of their idf, in scores and coverage.
FRAMING = frozenset("""
count counts counted counting mean means meaning meant work works working worked need needs
needed supposed way ways thing things stuff kind sort matter case rule rules mechanic question
""".split())
FRAMING_WEIGHT = 0.3

# One word in the forms a judge may type and a document may print, where the Porter stemmer
# does not bring them together: irregular verbs ("dies" -> di, "die" -> die; "took", "take"),
# British and American spellings ("colour", "defence"), and a few derivations the stemmer
# splits ("destroy" -> destroi, "destruction" -> destruct). Every word of a group is an exact
# form of every other (weight 1).
VARIANTS: tuple[tuple[str, ...], ...] = (
    ("go", "goes", "went", "gone", "going"), ("die", "dies", "died", "dying", "dead"),
    ("take", "takes", "took", "taken", "taking"), ("pay", "pays", "paid", "paying"),
    ("lose", "loses", "lost", "losing", "loss"), ("choose", "chooses", "chose", "chosen",
    "choosing", "choice"), ("draw", "draws", "drew", "drawn", "drawing"),
    ("deal", "deals", "dealt", "dealing"), ("put", "puts", "putting"),
    ("hit", "hits", "hitting"), ("win", "wins", "won", "winning"),
    ("begin", "begins", "began", "begun", "beginning"), ("fight", "fights", "fought"),
    ("hold", "holds", "held"), ("leave", "leaves", "left", "leaving"),
    ("give", "gives", "gave", "given"), ("make", "makes", "made"), ("keep", "keeps", "kept"),
    ("run", "runs", "ran", "running"), ("steal", "steals", "stole", "stolen"),
    ("shuffle", "shuffled", "shuffling", "reshuffle"), ("see", "sees", "saw", "seen"),
    ("destroy", "destroys", "destroyed", "destruction"), ("die", "death"),
    ("colour", "color"), ("colours", "colors"), ("defence", "defense"), ("armour", "armor"),
    ("honour", "honor"), ("cancelled", "canceled"), ("cancelling", "canceling"),
    ("favour", "favor"), ("behaviour", "behavior"), ("recognise", "recognize"),
    ("organiser", "organizer"), ("randomise", "randomize"), ("randomised", "randomized"),
    ("two", "2"), ("three", "3"), ("four", "4"), ("five", "5"), ("zero", "0"),
    # more irregular verbs a judge types in the past tense ("found nothing", "it was thrown")
    ("find", "finds", "found", "finding"), ("tell", "tells", "told"), ("say", "says", "said"),
    ("bring", "brings", "brought"), ("buy", "buys", "bought"), ("think", "thought"),
    ("become", "becomes", "became", "becoming"), ("come", "comes", "came", "coming"),
    ("hide", "hides", "hid", "hidden"), ("lay", "lays", "laid"), ("lead", "leads", "led"),
    ("send", "sends", "sent"), ("spend", "spends", "spent"), ("stand", "stands", "stood"),
    ("strike", "strikes", "struck"), ("swing", "swings", "swung"),
    ("throw", "throws", "threw", "thrown"), ("know", "knows", "knew", "known"),
    ("show", "shows", "showed", "shown"), ("fall", "falls", "fell", "fallen"),
    ("break", "breaks", "broke", "broken"), ("freeze", "freezes", "froze", "frozen"),
    ("forget", "forgets", "forgot", "forgotten"), ("shoot", "shoots", "shot"),
    ("fly", "flies", "flew", "flown"), ("sell", "sells", "sold"), ("sit", "sits", "sat"),
    ("stick", "sticks", "stuck"), ("tear", "tears", "tore", "torn"),
    ("bind", "binds", "bound"), ("dig", "digs", "dug"), ("drive", "drives", "drove", "driven"),
    ("forbid", "forbids", "forbade", "forbidden"), ("hear", "hears", "heard"),
    ("undo", "undoes", "undid", "undone"), ("rise", "rises", "rose", "risen"),
    ("choose", "chose"), ("life", "lives"), ("child", "children"),
)


def _variants(word: str) -> set[str]:
    """Every form of :data:`VARIANTS` that ``word`` shares a group with (itself included, if
    it is in one); a scan of the groups per word of a question costs less than building a map
    of them at every start, and a word in none (most) is told by one look in a string."""
    if f" {word} " not in _VARIANT_WORDS:
        return set()
    return {v for group in VARIANTS if word in group for v in group}


_VARIANT_WORDS = " " + " ".join(" ".join(group) for group in VARIANTS) + " "


# Derivations the stemmer leaves apart ("owner" / "ownership", "block" / "blocker"): a query
# stem and an indexed term that differ by one of these endings (of Porter stems) match at
# PARAMS["derived"].
DERIVED = ("er", "or", "ship", "ment", "ion", "al", "iv", "ive", "iti", "ness", "abl", "ibl",
           "ant", "ent", "ee", "ist")

# Tuned on the tuning parts of the questions only (see bench/search_bench.py); the fourth round
# re-tuned them on all five tuning parts (374 questions): bench/search_tune.py 1 0.5,0.75,1.33,2.
PARAMS: dict[str, float] = {
    "k1": 1.2,
    "w_title": 0.63, "w_heading": 0.8, "w_text": 0.28, "w_examples": 0.25,
    "b_title": 0.6, "b_heading": 0.266, "b_text": 0.42, "b_examples": 0.42,
    "coverage": 1.0,          # exponent of the matched share
    "phrase": 0.45,           # x mean idf of the pair, adjacent in order
    "near": 0.067,            # x mean idf of the pair, within NEAR tokens
    "glossary": 0.17,         # x the glossary entry's score, to rules that mention it
    "children": 0.0,          # x second best child score, to the parent (when it matches)
    "cites": 0.15,            # x best cited rule's score, to the citing rule
    "prior": 0.067,           # x log(1 + times cited), as a factor
    "parent": 0.133,          # x the parent's score, to a rule whose parent matches
    "subtree": 0.665,         # share of a word matched only by sub-rules that counts as covered
    "derived": 0.45,          # weight of a derived form ("owner" asked, "ownership" printed)
    "window": 0.525,          # x the score x the share of the question's weight in one passage
    "compound": 0.399,        # x the idf of a compound term of the documents, as one more word
    "lead": 0.7,              # x the score x the share of the question's weight in the first words
    "kind_glossary": 1.0,     # factor of a glossary or keyword entry's score
    "defining": 3.0,          # further factor of a glossary entry when the question asks what a term is
    "kind_section": 0.8,      # factor of a section's score (a numbered heading over rules)
}


def field_params() -> tuple[tuple[float, ...], tuple[float, ...]]:
    """The field weights and BM25 length normalisations of :data:`PARAMS` (the index build
    stores each posting's weighted frequency under them: ``rank_term``)."""
    P = PARAMS
    return ((P["w_title"], P["w_heading"], P["w_text"], P["w_examples"]),
            (P["b_title"], P["b_heading"], P["b_text"], P["b_examples"]))


def length_terms(fb, avgs) -> tuple[tuple[float, float], ...]:
    """Per field, (1 - b, b / mean length): a row's BM25 length normalisation is
    ``1 - b + b / mean * length``."""
    return tuple((1 - fb[i], fb[i] / avgs[i]) for i in range(4))


def field_norms(fw, ab, lens, k: int) -> tuple[float, float, float, float]:
    """Per field, weight / length normalisation of the row whose four field lengths start at
    ``lens[k]`` (``ab``: :func:`length_terms` of its document)."""
    (a0, b0), (a1, b1), (a2, b2), (a3, b3) = ab
    return (fw[0] / (a0 + b0 * lens[k]), fw[1] / (a1 + b1 * lens[k + 1]),
            fw[2] / (a2 + b2 * lens[k + 2]), fw[3] / (a3 + b3 * lens[k + 3]))


def weighted_tf(cnt, nr) -> float:
    """BM25F weighted term frequency of a row: its four per-field counts ``cnt`` under
    :func:`field_norms` ``nr``. The one formula of both the query side and the index build
    (``rank_term`` stores it), so that both give the same floats."""
    return cnt[0] * nr[0] + cnt[1] * nr[1] + cnt[2] * nr[2] + cnt[3] * nr[3]


NEAR = 6
WINDOW = 16               # tokens of a passage (the "together" signal)
LEAD = 6                  # first tokens of a rule's text (the "subject" signal)
SNIPPET_WORDS = 14
SUBTREE_DEPTH = 3         # levels of sub-rules whose words a rule's coverage counts


class Concept:
    """One distinct word of the question and the forms that can match it."""
    __slots__ = ("stem", "word", "pos", "forms", "idf", "weight")

    def __init__(self, stem: str, word: str, pos: int):
        self.stem, self.word, self.pos = stem, word, pos
        self.forms: list[tuple[tuple[str, ...], float, str]] = [((stem,), 1.0, "")]
        self.idf = 0.0
        self.weight = FRAMING_WEIGHT if word in FRAMING else 1.0


def _plain(text: str) -> str:
    """``text`` with every character that is not a letter or digit made a space (its words are
    then those of :func:`word_spans`, at the same places)."""
    if text.isascii():
        return text.translate(_ASCII_SPACES)
    return text.translate({ord(ch): " " for ch in set(text) if not ch.isalnum()})


def word_spans(text: str) -> list[tuple[str, int, int]]:
    """(word, start, end) of each run of letters and digits (as FTS5's unicode61 splits text;
    the same as the regex ``[^\\W_]+``, without importing re). The characters that are not
    letters or digits become spaces (str.translate), then the words are found in order."""
    plain = _plain(text)
    out, at = [], 0
    for word in plain.split():
        start = plain.find(word, at)
        at = start + len(word)
        out.append((text[start:at], start, at))
    return out


_ASCII_SPACES = {i: " " for i in range(128) if not chr(i).isalnum()}

QUOTES = {"'": "'", '"': '"', "‘": "’", "“": "”"}


def quoted(text: str) -> list[tuple[int, int]]:
    """(start, end) of the spans of ``text`` between quotation marks: an opening mark not
    after a letter or digit ("I've" has none), its closing mark not before one."""
    spans, i, unclosed = [], 0, set()     # marks with no closing one after them: linear time
    while i < len(text):
        close = QUOTES.get(text[i])
        if close and close not in unclosed and (i == 0 or not text[i - 1].isalnum()):
            j = i + 1
            while j < len(text) and not (text[j] == close and (j + 1 == len(text)
                                                             or not text[j + 1].isalnum())):
                j += 1
            if j == len(text):
                unclosed.add(close)
            elif j > i + 1:
                spans.append((i + 1, j))
                i = j
        i += 1
    return spans


def _words(query: str) -> list[tuple[int, str]]:
    """(position, word) of the question's meaningful words, each distinct word once; a word
    between quotation marks counts even if it is a stop word (the 'would' of "'would'
    effects" is a term the documents quote too)."""
    seen: set[str] = set()
    out = []
    kept = quoted(query)
    for i, (w, start, _) in enumerate(word_spans(query.lower())):
        if w in seen or (w in STOP and not any(a <= start < b for a, b in kept)):
            continue
        seen.add(w)
        out.append((i, w))
    return out


def _stem(con, words: list[str]) -> list[str]:
    """Porter stems as FTS5 indexes them: the index's table of the documents' words
    (``rank_stem``, made by :func:`_fts_stem` at build), then :func:`_fts_stem` for words no
    document prints."""
    if not words:
        return []
    known = dict(con.execute(f"SELECT word, stem FROM rank_stem WHERE word IN "
                             f"({','.join('?' * len(words))})", words))
    missing = [w for w in words if w not in known]
    if missing:
        known.update(zip(missing, _fts_stem(con, missing)))
    return [known[w] for w in words]


def _fts_stem(con, words: list[str]) -> list[str]:
    """Porter stems as FTS5 indexes them (a temporary FTS5 table does the tokenising)."""
    con.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.q_in USING fts5(x, "
                "tokenize='porter unicode61')")
    con.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.q_out USING "
                "fts5vocab(temp, q_in, 'instance')")
    con.execute("DELETE FROM temp.q_in")
    con.executemany("INSERT INTO temp.q_in(rowid, x) VALUES(?, ?)",
                    [(i, w) for i, w in enumerate(words, 1)])
    stems = [""] * len(words)
    for term, row, off in con.execute("SELECT term, doc, offset FROM temp.q_out"):
        if off == 0:
            stems[row - 1] = term
    return stems


def _concepts(con, query: str) -> list[Concept]:
    words = _words(query)
    # every word this function stems, in one go: the question's, without re-, other forms
    asked = [w for _, w in words]
    every = sorted({*asked, *(w[2:] for w in asked if w.startswith("re") and len(w) >= 6),
                    *(v for w in asked for v in _variants(w))})
    stem = dict(zip(every, _stem(con, every)))
    stems = [stem[w] for w in asked]
    concepts: dict[str, Concept] = {}
    for (pos, w), s in zip(words, stems):
        if s and s not in concepts:
            concepts[s] = Concept(s, w, pos)
    cs = list(concepts.values())
    # "reorder", "redraw", "reshuffle": the word without its re- prefix, if a rule uses it
    bare = {c.stem: c.word[2:] for c in cs if c.word.startswith("re") and len(c.word) >= 6}
    if bare:
        for c, s in zip([c for c in cs if c.stem in bare], [stem[w] for w in bare.values()]):
            if s and s != c.stem:
                c.forms.append(((s,), 0.8, f"{c.word}→{s}, without re-"))
    # the same word as a document may print it ("died" asked, "dies" printed; "colour", "color")
    variants = [(c, v) for c in cs for v in sorted(_variants(c.word)) if v != c.word]
    if variants:
        for (c, v), s in zip(variants, [stem[v] for _, v in variants]):
            if s and all(f[0] != (s,) for f in c.forms):
                c.forms.append(((s,), 1.0, f"{c.word}→{v}, same word"))
    # derivations: "owner" / "ownership", "block" / "blocker", "protector" / "protect"
    if PARAMS["derived"]:
        per: list[tuple[Concept, list[str]]] = []
        for c in cs:
            if len(c.stem) < 4 or c.stem.isdigit():
                continue
            cands = {c.stem + end for end in DERIVED}
            cands |= {c.stem[:-len(end)] for end in DERIVED
                      if c.stem.endswith(end) and len(c.stem) - len(end) >= 4}
            per.append((c, sorted(cands)))
        every = sorted({t for _, cands in per for t in cands})
        indexed = {t for (t,) in con.execute(     # the terms any document has (one query)
            f"SELECT DISTINCT term FROM rank_term WHERE term IN ({','.join('?' * len(every))})",
            every)} if every else set()
        for c, cands in per:
            have = {f[0] for f in c.forms}
            for term in cands:
                if term in indexed and (term,) not in have:
                    c.forms.append(((term,), PARAMS["derived"], f"{c.word}→{term}, derived"))
    keys: dict[str, list[Concept]] = {}
    same = {c.stem: [c.stem] + [f[0][0] for f in c.forms if f[2].endswith("same word")]
            for c in cs}
    for c in cs:
        for s in same[c.stem]:
            keys.setdefault(s, []).append(c)
    for a, b in zip(cs, cs[1:]):
        if b.pos - a.pos <= 3:
            for sa in same[a.stem]:
                for sb in same[b.stem]:
                    keys.setdefault(f"{sa} {sb}", []).extend([a, b])
    if keys:
        q = ",".join("?" * len(keys))
        for key, alt, weight, source in con.execute(
                f"SELECT key, alt, weight, source FROM rank_syn WHERE key IN ({q})", list(keys)):
            form = tuple(alt.split())
            for c in keys[key]:
                if all(f[0] != form for f in c.forms):
                    c.forms.append((form, weight, f"{key}→{alt}, {source}"))
    return cs


def _scope(con) -> list[tuple]:
    """Every document's rank_doc row."""
    return con.execute("SELECT doc, first, last, n, avg0, avg1, avg2, avg3, lens, parents, cited, "
                       "kinds, wparams, log_cited FROM rank_doc").fetchall()


def search(query: str, *, game: str | None = None, limit: int = 10, explain: bool = False,
           con=None, docs: list[str] | None = None,
           meaning: tuple[int, float] | None = None) -> list[dict]:
    """Ranked hits for ``query``; ``game`` is a game or document id (None: every document).
    ``meaning``: (depth, weight) of the static meaning signal (:mod:`judge.rules.meaning`;
    default its ``DEPTH`` and ``WEIGHT``; weight 0: off)."""
    if con is None:
        from judge.rules.lookup import connect
        con = connect()
    if docs is None and game:
        from judge.rules.lookup import resolve_documents
        docs = [d["id"] for d in resolve_documents(game)]
    con = con.cursor()          # plain tuples (the lookup connection makes sqlite3.Row)
    con.row_factory = None
    # A query makes a few thousand short-lived tuples (postings, scores) and no reference
    # cycle: the cyclic garbage collector would only walk them (and everything the process has
    # loaded) several times per query, about a third of a cold query's ranking. Paused here,
    # restored as it was; reference counting frees all of it as usual.
    collecting = gc.isenabled()
    gc.disable()
    try:
        everything = _scope(con)
        scope = everything if docs is None else [r for r in everything if r[0] in docs]
        concepts = _concepts(con, query)
        if not concepts or not scope:
            return []
        ranked, why, occ = _rank(con, concepts, scope, everything, explain,
                                 defining=asks_definition(query))
        ranked = _meaning(con, query, ranked, why, explain, meaning)
        return _hits(con, ranked[:limit], why, occ, explain)
    finally:
        if collecting:
            gc.enable()


_COLUMNS = (0, 1, 2, 3)     # the columns of rank_text (a constant: no range made per loop)

TOP = 60    # rows carried from the field scores into the phrase and graph signals


# How a question asking what a term is begins ("what is an ally", "what counts as my next
# attack", "what does intimidate mean"): a glossary entry answers it first.
DEFINING = ("what is ", "what s ", "what are ", "what counts as ", "what count as ", "define ",
            "definition of ", "meaning of ", "who is ", "who counts as ")


def asks_definition(query: str) -> bool:
    q = " ".join(w for w, _, _ in word_spans(query.lower().replace("’", "'")))
    return q.startswith(DEFINING) or (q.startswith("what does ") and q.endswith(" mean"))


def _logs(con, values: list[float]) -> list[float]:
    """Natural logarithms of ``values`` (each > 0), equal to ``math.log``'s: SQLite's ``ln()``
    calls the C library's ``log()``, as ``math.log`` does for a positive float. The math module
    is a shared library of its own (loading it is about 2 % of an interpreter's start); it is
    imported only when this SQLite has no math functions (built without them, before 3.35)."""
    if not values:
        return []
    try:
        got = []
        for at in range(0, len(values), 500):     # (SQLite allows 2,000 result columns)
            part = values[at:at + 500]
            got += con.execute("SELECT " + ", ".join(["ln(?)"] * len(part)), part).fetchone()
        return got
    except sqlite_light.module().Error:
        import math
        return [math.log(v) for v in values]


def _rank(con, concepts: list[Concept], scope: list[tuple], everything: list[tuple],
          explain: bool, defining: bool = False):
    P = PARAMS
    fw, fb = field_params()
    k1 = P["k1"]
    k1p = k1 + 1
    n_rows = sum(r[3] for r in scope)
    terms = sorted({t for c in concepts for f, _, _ in c.forms for t in f})
    # each term's postings in the searched documents (rank_term: one blob per term and
    # document, rows in order; documents in the order of their rows): document frequency, then
    # per row [n0, n1, n2, n3, offs0, offs1, offs2, offs3] (counts and offsets per column) and
    # the weighted frequency the build computed under the same field parameters
    first_of = {r[0]: r[1] for r in scope}
    stored = all(r[12] == repr((fw, fb)) for r in scope)
    # over every document, the terms alone (one range of the primary key per term, where
    # naming the documents too made SQLite look up each term and document pair)
    wanted = f"term IN ({','.join('?' * len(terms))})"
    if len(scope) == len(everything):
        found = con.execute(f"SELECT term, doc, data FROM rank_term WHERE {wanted}", terms)
    else:
        found = con.execute(f"SELECT term, doc, data FROM rank_term WHERE {wanted} AND doc IN "
                            f"({','.join('?' * len(scope))})", [*terms, *first_of])
    blobs = sorted((r for r in found if r[1] in first_of), key=lambda r: (r[0], first_of[r[1]]))
    tf: dict[str, dict[int, list]] = {t: {} for t in terms}
    post: dict[str, tuple[list, list, list]] = {}
    df: dict[str, int] = {}
    for term, _, data in blobs:
        rows, cnts, wtfs = marshal.loads(data)
        tf[term].update(zip(rows, cnts))
        df[term] = df.get(term, 0) + len(rows)
        if term in post:
            p = post[term]
            p[0].extend(rows)
            p[1].extend(cnts)
            p[2].extend(wtfs)
        else:
            post[term] = (list(rows), list(cnts), list(wtfs))
    offs = tf
    nodes = _Nodes(everything)
    norms = nodes.norms(fw, fb)
    # the documents' own compound terms: two words next to each other in the question that a
    # document also prints next to each other, in more than one rule ("attack reaction",
    # "control check", "side action"), are one more word of the question, as rare as the pair
    asked = concepts
    compound: dict[int, tuple[float, dict]] = {}
    if P["compound"]:
        concepts = list(concepts)
        for a, b in zip(asked, asked[1:]):
            if (b.pos - a.pos != 1 or a.weight < 1 or b.weight < 1 or a.stem not in df
                    or b.stem not in df):
                continue
            counts = _phrase_counts((a.stem, b.stem), tf, offs, gaps=(1,))
            if len(counts) < 2:
                continue
            c = Concept(f"{a.stem} {b.stem}", f"{a.word} {b.word}", a.pos)
            c.forms = [((a.stem, b.stem), 1.0, "compound term")]
            compound[len(concepts)] = (len(counts), counts)
            concepts.append(c)
    # the terms' idf, and the compound terms' (their number of rows as a term's df), in one go
    logs = _logs(con, [1 + (n_rows - n + 0.5) / (n + 0.5)
                       for n in [*df.values(), *(n for n, _ in compound.values())]])
    idf = dict(zip(df, logs))
    for ci, log in zip(compound, logs[len(df):]):
        compound[ci] = (P["compound"] * log, compound[ci][1])
    # field scores: per concept, the best of its forms
    best: list[dict[int, tuple]] = []
    for ci, c in enumerate(concepts):
        if ci in compound:
            c.idf, counts = compound[ci]
            scores = {}
            for row, cnt in counts.items():
                nr = norms[row]
                wtf = weighted_tf(cnt, nr)
                scores[row] = (c.idf * wtf * (k1 + 1) / (k1 + wtf), c.forms[0][0], "compound "
                               "term", cnt, wtf)
            best.append(scores)
            continue
        own = idf.get(c.stem)
        c.idf = c.weight * (own if own is not None else max(
            (idf[t] for f, _, _ in c.forms for t in f if t in idf), default=0.0))
        scores: dict[int, tuple] = {}
        for form, weight, source in c.forms:
            if not all(t in idf for t in form):
                continue
            fidf = max(idf[t] for t in form)
            if own is not None and form != (c.stem,):
                fidf = min(fidf, own)   # no other form says more than the word asked
            fidf *= c.weight * weight
            if stored and len(form) == 1:       # the build's weighted frequencies
                if not scores:      # the first form: each row once, in order
                    scores = {row: (fidf * wtf * k1p / (k1 + wtf), form, source, cnt, wtf)
                              for row, cnt, wtf in zip(*post[form[0]])}
                    continue
                for row, cnt, wtf in zip(*post[form[0]]):
                    s = fidf * wtf * k1p / (k1 + wtf)
                    old = scores.get(row)
                    if old is None or s > old[0]:
                        scores[row] = (s, form, source, cnt, wtf)
                continue
            counts = tf[form[0]] if len(form) == 1 else _phrase_counts(form, tf, offs)
            for row, cnt in counts.items():
                nr = norms[row]
                wtf = weighted_tf(cnt, nr)
                s = fidf * wtf * (k1 + 1) / (k1 + wtf)
                old = scores.get(row)
                if old is None or s > old[0]:
                    scores[row] = (s, form, source, cnt, wtf)
        best.append(scores)
    total_idf = sum(c.idf for c, scores in zip(concepts, best) if scores) or 1.0
    text: dict[int, float] = {}
    words: dict[int, int] = {}      # row -> the concepts it matches, one bit each
    for i, (c, scores) in enumerate(zip(concepts, best)):
        bit = 1 << i
        if not text:        # the first concept that matches: each of its rows once, in order
            text = {row: hit[0] for row, hit in scores.items()}
            words = dict.fromkeys(text, bit)
            continue
        for row, hit in scores.items():
            if row in text:
                text[row] += hit[0]
                words[row] |= bit
            else:
                text[row] = hit[0]
                words[row] = bit
    idfs = [c.idf for c in concepts]
    # coverage read with the sub-rules: a rule whose sub-rules (to SUBTREE_DEPTH levels) match
    # words it does not ("what order do I play a card in, targets or pay first": 15.5 and its
    # steps) covers those words at PARAMS["subtree"]
    below_only: dict[int, float] = {}
    if P["subtree"]:
        parents, first = nodes.parents, nodes.base
        below: dict[int, int] = {}
        for row, ws in words.items():
            up, depth = row, SUBTREE_DEPTH
            while depth:
                up = parents[up - first]
                if up not in words:
                    break
                below[up] = below.get(up, 0) | ws
                depth -= 1
        for row, ws in below.items():
            missing = ws & ~words[row]
            if missing:
                extra = sum(c.idf for i, c in enumerate(concepts) if missing >> i & 1)
                if extra:
                    below_only[row] = P["subtree"] * extra
    # the matched share of the question's weight: the idf of the concepts a row matches (added
    # in the concepts' order, once per set of concepts), with its sub-rules' share
    cov_exp = P["coverage"]
    matched: dict[int, float] = {}
    summed: dict[int, float] = {}
    base = {}
    for row, t in text.items():
        ws = words[row]
        m = summed.get(ws)
        if m is None:
            m = summed[ws] = _idf_sum(idfs, ws)
        if row in below_only:
            m += below_only[row]
        if m > total_idf:
            m = total_idf
        if explain:
            matched[row] = m
        base[row] = t * (m / total_idf) ** cov_exp
    if not base:
        return [], {}, offs
    top = sorted(base, key=base.get, reverse=True)[:TOP]
    base = {row: base[row] for row in top}
    why: dict[int, list] = {}
    if explain:
        for row in top:
            notes = why[row] = []
            for c, scores in zip(concepts, best):
                hit = scores.get(row)
                if hit is None:
                    continue
                s, form, source, cnt, wtf = hit
                nr = norms[row]
                word = c.word if not source else f"{c.word} ({source})"
                for i in range(4):
                    if cnt[i]:
                        notes.append(("field", f"{FIELDS[i]}: {word}", s * cnt[i] * nr[i] / wtf))
            cov = (matched[row] / total_idf) ** cov_exp
            notes.append(("coverage", f"{matched[row] / total_idf:.0%} of the question's weight "
                          f"matched: x{cov:.2f}", base[row] - text[row]))
    parsed: dict[tuple, list[int]] = {}     # offsets read by the phrase and passage signals
    # phrase and proximity between words adjacent in the question
    pairs = [(a, b, sa, sb) for a, b, sa, sb in zip(asked, asked[1:], best, best[1:])
             if b.pos - a.pos <= 3]
    final = dict(base)
    for row in top:
        for a, b, sa, sb in pairs:
            ha, hb = sa.get(row), sb.get(row)
            if ha is None or hb is None:
                continue
            bonus, label = 0.0, None
            pair = (a.idf + b.idf) / 2
            ca, cb = ha[3], hb[3]
            for i in _COLUMNS:
                if not (ca[i] and cb[i]):
                    continue
                kind = _closeness(_positions(ha[1], row, i, tf, parsed),
                                  _positions(hb[1], row, i, tf, parsed))
                if kind is None:
                    continue
                v = P[kind] * pair * fw[i]
                if v > bonus:
                    bonus, label = v, (kind, i)
            if bonus:
                final[row] += bonus
                if explain:
                    kind, i = label
                    why[row].append(("phrase", f"{kind} '{a.word} {b.word}' in {FIELDS[i]}",
                                     bonus))
    # the question's words together in one passage: the share of its weight (idf) found within
    # WINDOW tokens of a rule's text, words of its title or headings counting in every passage
    # (a long section that names each word somewhere is not one that answers them together)
    if P["window"]:
        for row in top:
            around, at, first = 0.0, [], set()
            for i, scores in enumerate(best):
                hit = scores.get(row)
                if hit is None:
                    continue
                cnt = hit[3]
                here = _positions(hit[1], row, 2, tf, parsed) if cnt[2] else ()
                if here and min(here) < LEAD:
                    first.add(i)
                if cnt[0] or cnt[1]:
                    around += idfs[i]
                elif here:
                    at += zip(here, [i] * len(here))
            at.sort()
            inside = [0] * len(idfs)     # per concept, its words in the passage
            got = best_in = 0.0
            j = 0
            for o, i in at:
                n = inside[i]
                if not n:
                    got += idfs[i]
                inside[i] = n + 1
                while at[j][0] <= o - WINDOW:
                    k = at[j][1]
                    inside[k] -= 1
                    if not inside[k]:
                        got -= idfs[k]
                    j += 1
                if got > best_in:
                    best_in = got
            share = min(1.0, (around + best_in) / total_idf)
            v = P["window"] * base[row] * share
            if v:
                final[row] += v
                if explain:
                    why[row].append(("together", f"{share:.0%} of the question's weight within "
                                     f"{WINDOW} words", v))
            # what the rule is about: the question's words among the first LEAD words of its
            # text (its subject: "Damage on a character is permanent unless ...")
            lead = sum(concepts[i].idf for i in first) if first else 0
            v = P["lead"] * base[row] * lead / total_idf
            if v:
                final[row] += v
                if explain:
                    why[row].append(("subject", f"{lead / total_idf:.0%} of the question's weight "
                                     f"in the first {LEAD} words", v))
    base = dict(final)
    peak = max(base.values())
    # glossary entries the question matches lift the rules that use their term
    gloss = [r for r in top if nodes.kind(r) == "g" and base[r] >= 0.3 * peak]
    if gloss and P["glossary"]:
        lift: dict[int, tuple[float, int]] = {}
        for src, dst in con.execute(f"SELECT src, dst FROM rank_edge WHERE kind='mentions' "
                                    f"AND dst IN ({','.join('?' * len(gloss))})", gloss):
            if src in base:
                v = P["glossary"] * base[dst]
                if v > lift.get(src, (0.0, 0))[0]:
                    lift[src] = (v, dst)
        for src, (v, dst) in lift.items():
            final[src] += v
            if explain:
                why[src].append(("glossary", f"uses the term {_key(con, dst)!r}, which the "
                                 "question matches", v))
    # a rule matched by the question and by at least two of its sub-rules is lifted
    if P["children"]:
        kids: dict[int, list[tuple[float, int]]] = {}
        for row in top:
            parent = nodes.parent(row)
            if parent in base:
                kids.setdefault(parent, []).append((base[row], row))
        for parent, scored in kids.items():
            if len(scored) < 2:
                continue
            scored.sort(reverse=True)
            s, row = scored[1]
            v = P["children"] * s
            final[parent] += v
            if explain:
                why[parent].append(("children", f"sub-rules {_key(con, scored[0][1])} and "
                                    f"{_key(con, row)} match too", v))
    # a short rule read with its parent: the parent's match lifts it ("You can have more cards
    # in hand than ..." under "Intellect")
    if P["parent"]:
        for row in top:
            parent = nodes.parent(row)
            if parent in base and parent != row:
                v = P["parent"] * base[parent]
                final[row] += v
                if explain:
                    why[row].append(("parent", f"its parent {_key(con, parent)} matches", v))
    # a rule that cites a matching rule is lifted by it
    if P["cites"]:
        cite: dict[int, tuple[float, int]] = {}
        for src, dst in con.execute(f"SELECT src, dst FROM rank_edge WHERE kind='cites' "
                                    f"AND dst IN ({','.join('?' * len(top))})", top):
            if src in base and base[dst] > cite.get(src, (0.0, 0))[0]:
                cite[src] = (base[dst], dst)
        for src, (s, dst) in cite.items():
            v = P["cites"] * s
            final[src] += v
            if explain:
                why[src].append(("cites", f"cites {_key(con, dst)}", v))
    # what kind of node answers: a glossary entry defines, a section heads its rules (factors)
    kind_factor = {"g": P["kind_glossary"] * (P["defining"] if defining else 1.0),
                   "s": P["kind_section"]}
    for row in top:
        f = kind_factor.get(nodes.kind(row), 1.0)
        if f != 1.0:
            if explain:
                why[row].append(("kind", f"a {'glossary entry' if nodes.kind(row) == 'g' else 'section'}"
                                 f": x{f:.2f}", final[row] * (f - 1)))
            final[row] *= f
    if P["prior"]:
        for row in top:
            cited = nodes.cited(row)
            if cited:
                f = 1 + P["prior"] * nodes.log_cited(row)
                if explain:
                    why[row].append(("cited by", f"cited by {cited} rules: x{f:.2f}",
                                     final[row] * (f - 1)))
                final[row] *= f
    ranked = sorted(final.items(), key=lambda kv: (-kv[1], kv[0]))
    return ranked, why, offs


def _meaning(con, query: str, ranked: list, why, explain: bool,
             cfg: tuple[int, float] | None) -> list:
    """``ranked`` with its top rows lifted by the static meaning signal
    (:mod:`judge.rules.meaning`): ``weight x top score x (cosine - lowest cosine)``; a lifted
    row can only rise, so the rows below the depth keep their places."""
    from judge.rules import meaning
    depth, weight = cfg or (meaning.DEPTH, meaning.WEIGHT)
    pool = ranked[:depth]
    if not weight or len(pool) < 2:
        return ranked
    question = meaning.question_sum(query)
    if question is None:
        return ranked
    cos = meaning.cosines(con, question, [row for row, _ in pool])
    known = [c for c in cos if c is not None]
    if not known:
        return ranked
    floor = min(known)
    top = max(score for _, score in pool) or 1.0
    lifted = []
    for i, ((row, score), c) in enumerate(zip(pool, cos)):
        points = 0.0 if c is None else weight * top * (c - floor)
        if explain and c is not None:
            why.setdefault(row, []).append(("meaning (static)",
                             f"cosine {c:.3f} with the question's static vector (lowest of the "
                             f"{len(known)} top rows {floor:.3f}) x {weight:g} x top score "
                             f"{top:.3f}", points))
        lifted.append((score + points, -i, row))
    lifted.sort(reverse=True)
    return [(row, total) for total, _, row in lifted] + ranked[depth:]


class _Nodes:
    """Per-row facts of every document, from the packed arrays of rank_doc (a document's rows
    are one rowid range, first..last), laid out as flat lists indexed by row - base (rows
    between documents, if any, are empty placeholders)."""

    def __init__(self, docs):
        docs = sorted(docs, key=lambda d: d[1])
        self.base = base = docs[0][1] if docs else 0
        size = (max(d[2] for d in docs) - base + 1) if docs else 0
        self.avgs = []                  # per document: mean length of each field
        self.doc_of = [0] * size        # row -> index into avgs
        lens_ = bytearray(16 * size)    # row -> 4 field lengths (uint32 each)
        parents_ = bytearray(4 * size)  # row -> parent row (int32)
        cites_ = bytearray(4 * size)    # row -> times cited (uint32)
        log_cites = bytearray(8 * size)  # row -> log1p(times cited) (double)
        kinds = ["m"] * size
        for k, (doc, first, last, n, *avg, lens, parents, cited, kind, _, logs) in enumerate(docs):
            a, b = first - base, last - base + 1
            self.avgs.append(avg)
            self.doc_of[a:b] = [k] * (b - a)
            lens_[16 * a:16 * b] = lens
            parents_[4 * a:4 * b] = parents
            cites_[4 * a:4 * b] = cited
            log_cites[8 * a:8 * b] = logs
            kinds[a:b] = kind
        # read in place (memoryview items are ints), no list of every row made
        self.lens = memoryview(lens_).cast("I")
        self.parents = memoryview(parents_).cast("i")
        self.cites = memoryview(cites_).cast("I")
        self.log_cites = memoryview(log_cites).cast("d")
        self.kinds = "".join(kinds)

    def parent(self, row: int) -> int:
        return self.parents[row - self.base]

    def cited(self, row: int) -> int:
        return self.cites[row - self.base]

    def log_cited(self, row: int) -> float:
        return self.log_cites[row - self.base]

    def kind(self, row: int) -> str:
        return self.kinds[row - self.base]

    def title_length(self, row: int) -> int:
        return self.lens[4 * (row - self.base)]

    def norms(self, fw, fb) -> "_Norms":
        return _Norms(self, fw, fb)


class _Norms(dict):
    """row -> per-field weight / (BM25 length normalisation), computed on first use."""

    def __init__(self, nodes: _Nodes, fw, fb):
        super().__init__()
        self.nodes = nodes
        self.fw = fw
        # per document and field: 1 - b and b / mean length
        self.ab = [length_terms(fb, avg) for avg in nodes.avgs]

    def __missing__(self, row: int):
        j = row - self.nodes.base
        v = self[row] = field_norms(self.fw, self.ab[self.nodes.doc_of[j]], self.nodes.lens, 4 * j)
        return v


def _positions(form: tuple[str, ...], row: int, col: int, tf, memo=None) -> list[int]:
    """Offsets of ``form``'s first term in ``row``'s column ``col`` (not to be changed by the
    caller: ``memo``, a dict, keeps each list made for the phrase and passage signals)."""
    key = (form[0], row, col)
    got = memo.get(key) if memo is not None else None
    if got is None:
        per_row = tf.get(form[0])
        counts = per_row.get(row) if per_row is not None else None
        at = counts[col + 4] if counts else ""
        got = list(map(int, at.split(","))) if at else []
        if memo is not None:
            memo[key] = got
    return got


def _idf_sum(idfs: list[float], mask: int) -> float:
    """The idfs of the concepts in ``mask`` (bit i: concept i), added in the concepts' order."""
    total = None
    for i, v in enumerate(idfs):
        if mask >> i & 1:
            total = v if total is None else total + v
    return total if total is not None else 0.0


def _closeness(before: list[int], after: list[int]) -> str | None:
    """"phrase" when an offset of ``after`` is 1, 2 or 3 after one of ``before``; else "near"
    when two offsets, one of each, are at most NEAR apart; else None. Pair by pair: a field's
    offsets of one word are few, and this makes no set and no range per pair (it replaced
    set look-ups that cost ~0.9 M instructions more per cold search)."""
    near = False
    for o in before:
        for p in after:
            d = p - o
            if 0 < d < 4:
                return "phrase"
            if -NEAR <= d <= NEAR:
                near = True
    return "near" if near else None


def _key(con, row: int) -> str:
    r = con.execute("SELECT id FROM rank_node WHERE row=?", (row,)).fetchone()
    return r[0].split(" ", 1)[1] if r else str(row)


def _phrase_counts(form: tuple[str, ...], tf, offs, gaps=(1, 2, 3)) -> dict[int, list[int]]:
    """row -> per-column counts of ``form`` (terms in order, at most two other words between
    consecutive terms; ``gaps``: the offsets allowed from one term to the next)."""
    out: dict[int, list[int]] = {}
    rows = set(tf.get(form[0], {}))
    for t in form[1:]:
        rows &= set(tf.get(t, {}))
    for row in rows:
        counts = [0, 0, 0, 0]
        for col in range(4):
            if not all(tf[t][row][col] for t in form):
                continue
            starts = [int(x) for x in tf[form[0]][row][col + 4].split(",")]
            nxt = [{int(x) for x in tf[t][row][col + 4].split(",")} for t in form[1:]]
            for o in starts:
                at = o
                for following in nxt:
                    step = next((at + d for d in gaps if at + d in following), None)
                    if step is None:
                        break
                    at = step
                else:
                    counts[col] += 1
        if any(counts):
            out[row] = counts
    return out


def _hits(con, ranked, why, offs, explain: bool) -> list[dict]:
    if not ranked:
        return []
    ids = [row for row, _ in ranked]
    q = ",".join("?" * len(ids))
    info = {r[0]: r for r in con.execute(
        f"SELECT r.row, n.id, n.doc, n.key, n.title, n.kind, n.text, d.game, n.examples "
        f"FROM rank_node r JOIN nodes n ON n.id = r.id JOIN documents d ON d.id = n.doc "
        f"WHERE r.row IN ({q})", ids)}
    out = []
    by_row: dict[int, list[int]] = {}
    want = set(ids)
    for per_row in offs.values():      # tf: term -> row -> counts and offsets (_rank)
        for r in want:
            counts = per_row.get(r)
            if counts:
                for c in range(4):
                    if counts[c + 4]:
                        by_row.setdefault((r, c), []).extend(
                            map(int, counts[c + 4].split(",")))
    for row, score in ranked:
        _, nid, doc, key, title, kind, text, game, examples = info[row]
        hit = {"citation": nid, "document": doc, "game": game, "number": key,
               "title": title or "", "kind": kind,
               "snippet": "", "highlights": [], "score": round(score, 3)}
        hit["snippet"], hit["highlights"] = highlights(snippet(
            text or title or "", sorted(set(by_row.get((row, 2 if text else 0), ())))))
        if explain:
            hit["explain"] = [{"signal": s, "detail": d, "points": round(p, 3)}
                              for s, d, p in why.get(row, [])]
        out.append(hit)
    return out




def snippet(text: str, hits: list[int]) -> str:
    """About SNIPPET_WORDS words of ``text`` around its densest run of matched words (``hits``:
    their token offsets as FTS5 counts them), each matched word between HIT_START and HIT_END
    (control characters no rules text holds; :func:`highlights` turns them into offsets).
    The words are those of :func:`word_spans`; only the shown ones are located one by one (the
    first shown word is found by a split in C: a long rule's text costs no loop per word)."""
    plain = _plain(text)
    count = len(plain.split())
    if not count:
        return text
    n = SNIPPET_WORDS
    start = 0
    if hits:      # the window starting at a hit that holds the most hits
        j, most = 0, 0
        for i, h in enumerate(hits):
            while hits[j] < h - n + 1:
                j += 1
            if i - j + 1 > most:
                most, start = i - j + 1, hits[j]
        start = max(0, min(start - 2, count - n))
    end = min(count, start + n)
    # the shown words: where the first one begins (what is left after splitting off the
    # words before it), then each found after the one before
    at = len(plain) - len(plain.split(None, start)[-1]) if start else len(plain) - len(plain.lstrip())
    pieces = []
    hitset = set(hits)
    for i, word in zip(range(start, end), plain[at:].split()):
        begin = plain.find(word, at)
        pieces.append(text[at:begin])
        at = begin + len(word)
        shown = text[begin:at]
        pieces.append(f"{HIT_START}{shown}{HIT_END}" if i in hitset else shown)
    out = " ".join("".join(pieces).split())
    return ("… " if start else "") + out + (" …" if end < count else "")


HIT_START, HIT_END = "\x02", "\x03"     # inside snippet() only
HIT_OPEN, HIT_CLOSE = "«", "»"         # how text output marks a hit (no bundled document uses them)


def highlights(marked: str) -> tuple[str, list[list[int]]]:
    """A snippet with hits between HIT_START and HIT_END -> (plain text, [[start, end], ...]).
    Not [word]: WoW's own [[Quick]] brackets made that ambiguous (issue 20). Each HIT_START
    opens a span where it stands; the last HIT_END before the next HIT_START ends it (a span
    never ended, or empty, is dropped); neither mark is kept in the text."""
    first, *opened = marked.split(HIT_START)
    plain = [first.replace(HIT_END, "")]
    n = len(plain[0])
    spans: list[list[int]] = []
    for piece in opened:
        *inside, after = piece.split(HIT_END)
        start = n
        for part in inside:
            plain.append(part)
            n += len(part)
        if n > start:
            spans.append([start, n])
        plain.append(after)
        n += len(after)
    return "".join(plain), spans


def marked_snippet(hit: dict, open_: str = HIT_OPEN, close: str = HIT_CLOSE) -> str:
    """A hit's snippet with its highlighted words between ``open_`` and ``close``."""
    text, out, at = hit["snippet"], [], 0
    for start, end in hit["highlights"]:
        out += [text[at:start], open_, text[start:end], close]
        at = end
    out.append(text[at:])
    return "".join(out)


# --- text output (judge.rules.fastcli.search) ----------------------------------------------------

def render(hits: list[dict], titles: dict[str, str], *, explain: bool = False) -> str:
    """Hits as text; when they come from more than one document, grouped under each document
    (documents in the order of their best hit; the numbers are the overall ranks)."""
    lines: list[str] = []
    docs = list(dict.fromkeys(h["document"] for h in hits))
    grouped = len(docs) > 1
    rank = {id(h): i for i, h in enumerate(hits, 1)}
    for doc in docs:
        if grouped:
            if lines:
                lines.append("")
            lines.append(f"{doc}  {titles.get(doc, '')}".rstrip())
        for h in (h for h in hits if h["document"] == doc):
            title = f"  {h['title']}" if h["title"] and h["title"] != h["number"] else ""
            lines.append(f"{rank[id(h)]:>2}. {h['citation']}{title}")
            lines.append(f"    {' '.join(marked_snippet(h).split())}")
            if explain:
                lines.append(f"    score {h['score']:.3f}:")
                for e in h["explain"]:
                    sign = "+" if e["points"] >= 0 else "-"
                    lines.append(f"      {sign}{abs(e['points']):6.3f}  {e['signal']:<9} {e['detail']}")
    return "\n".join(lines)

#!/usr/bin/env python3
"""Deterministic data for the film club example site.

Writes, from one seed, byte-identical files every run (the output is committed):
  Content/catalogs/films.csv     40 films and 12 series (genres, year, runtime, plot, credits, budget, revenue, poster)
  Content/catalogs/people.csv    the cast and crew the films credit
  Content/catalogs/seasons.csv   the series' seasons (series -> films)
  Content/catalogs/episodes.csv  their episodes (season -> seasons)
  Content/catalogs/members.csv   the club's members with their lists (watched, favourites, watchlist, completed -> films)
  Content/catalogs/reviews.csv   members' reviews (film -> films, author -> members)
  Content/stats/ratings.csv      member, film, rating (0.5 to 5 in half steps), date
  Content/stats/watched.csv      member, film, date (films only: a series is tracked by `completed`)
  Content/static/images/posters/KEY.svg  a small poster per title: a colour, a shape and the initials

    python3 Examples/film-club/Content/catalogs/_generate.py
"""
import csv
import datetime as dt
import os
import random
import re

HERE = os.path.dirname(os.path.abspath(__file__))
CONTENT = os.path.dirname(HERE)
SEED = 20261123
rng = random.Random(SEED)

FIRST_DAY = dt.date(2024, 1, 6)
LAST_DAY = dt.date(2026, 10, 31)

# key, title, year, genres, runtime (None: unknown), country, plot, quality (the mean members tend towards)
FILMS = [
    ("the-lighthouse-keepers-daughter", "The Lighthouse Keeper's Daughter", 1987, "Drama; Romance", 118, "France",
     "On a storm-battered Breton island, the keeper's daughter falls for the engineer sent to automate her father's lighthouse.", 4.1),
    ("nine-minutes-to-midnight", "Nine Minutes to Midnight", 2014, "Thriller; Crime", 104, "United States",
     "A night-shift radio host realises that a caller is describing, minute by minute, a robbery that has not happened yet.", 3.6),
    ("paper-moons", "Paper Moons", 1962, "Comedy; Romance", 96, "United States",
     "Two rival greeting-card writers trade insults by post, never suspecting that they share the same Chicago office.", 3.9),
    ("the-salt-road", "The Salt Road", 2019, "Adventure; Drama", 142, "Mali",
     "A caravan of salt traders crosses the Sahel in the last season before the old road is paved.", 4.3),
    ("orbital-decay", "Orbital Decay", 2021, "Science Fiction; Thriller", 127, "United Kingdom",
     "The last crew of an ageing space station has eleven days to decide who rides the only capsule home.", 3.8),
    ("the-last-projectionist", "The Last Projectionist", 2011, "Drama", 109, "Italy",
     "An old projectionist keeps a village cinema running for one final summer after a multiplex opens on the ring road.", 4.4),
    ("a-field-guide-to-foxes", "A Field Guide to Foxes", 2017, "Documentary", 88, "United Kingdom",
     "A year with the urban foxes of south London, filmed from rooftops, railway sidings and back gardens.", 4.0),
    ("cold-harbour", "Cold Harbour", 1979, "Crime; Mystery", 112, "United Kingdom",
     "A harbour master in a Scottish fishing town looks into the disappearance of a trawler and its whole crew.", 3.7),
    ("the-clockmakers-apprentice", "The Clockmaker's Apprentice", 2009, "Animation; Fantasy; Family", 91, "Czech Republic",
     "A girl apprenticed to a clockmaker discovers that the town's great clock keeps time for everyone's dreams.", 4.2),
    ("dust-and-thunder", "Dust and Thunder", 1968, "Western", 124, "United States",
     "A retired marshal rides out one last time to bring back the horses stolen from a homesteader's widow.", 3.4),
    ("beneath-the-linden-trees", "Beneath the Linden Trees", 2003, "Drama; History", 135, "Germany",
     "Three generations of a Leipzig family keep their bookshop open through 1945, 1961 and 1989.", 4.5),
    ("the-quiet-hours", "The Quiet Hours", 2022, "Horror; Mystery", 99, "Ireland",
     "A night nurse in a half-empty care home hears patients talking in rooms that have been locked for years.", 3.2),
    ("second-violin", "Second Violin", 2015, "Drama; Music", 117, "Austria",
     "A gifted but anxious violinist joins a touring orchestra and must decide whether she wants the solo at all.", 3.9),
    ("operation-harvest-moon", "Operation Harvest Moon", 1971, "War; Drama", 146, "France",
     "A small Resistance cell in the Limousin hides an Allied radio operator through the autumn of 1943.", 3.8),
    ("the-great-pie-contest", "The Great Pie Contest", 1996, "Comedy; Family", 94, "United States",
     "A widowed baker and her three unruly grandsons enter the county fair's pie contest to save the family diner.", 3.1),
    ("under-a-copper-sky", "Under a Copper Sky", 2012, "Science Fiction; Adventure", 131, "Canada",
     "Stranded on a mining world, a geologist and a maintenance robot walk 600 kilometres to the nearest colony.", 3.9),
    ("the-cartographer", "The Cartographer", 1984, "Mystery; Thriller", 108, "Portugal",
     "A mapmaker in Lisbon finds a street on an eighteenth-century plan that nobody else can find in the city.", 4.0),
    ("marigold-summer", "Marigold Summer", 2006, "Romance; Comedy", 102, "India",
     "A wedding planner from Mumbai returns to her grandmother's village to organise the one wedding she cannot control.", 3.5),
    ("long-way-down", "Long Way Down", 1993, "Crime; Drama", 121, "United States",
     "Two brothers who have not spoken in ten years share a lift that stops between floors, and a secret.", 3.6),
    ("the-iron-orchard", "The Iron Orchard", 2018, "Drama; Western", 128, "Australia",
     "A sheep farmer's daughter fights a mining company for the last well in a drought-stricken valley.", 3.7),
    ("whispers-in-the-archive", "Whispers in the Archive", 2020, "Mystery; Horror", None, "Spain",
     "A young archivist in Salamanca catalogues a dead poet's letters and finds replies dated after his death.", 3.3),
    ("the-tailor-of-kyoto", "The Tailor of Kyoto", 2016, "Drama", 114, "Japan",
     "An elderly kimono tailor takes on a teenage apprentice who would rather be designing trainers.", 4.2),
    ("sparrows", "Sparrows", 1974, "Drama; Family", None, "Italy",
     "Six children from a Turin courtyard spend the summer of 1958 building a raft to reach the sea.", 3.8),
    ("red-line-express", "Red Line Express", 2001, "Thriller; Adventure", 106, "Russia",
     "A courier on the overnight train from Moscow to Vladivostok learns that her parcel is being followed.", 3.4),
    ("the-moon-garden", "The Moon Garden", 2023, "Animation; Fantasy", 86, "South Korea",
     "A boy who cannot sleep follows his grandmother's stories into a garden that only grows by moonlight.", 4.1),
    ("letters-from-patagonia", "Letters from Patagonia", 1999, "Drama; Adventure", 125, "Argentina",
     "A Welsh schoolteacher travels to Patagonia in 1912 to find the brother who stopped writing home.", 3.7),
    ("small-change-in-naples", "Small Change in Naples", 1965, "Comedy; Crime", 98, "Italy",
     "Three hopeless pickpockets plan the perfect theft: the parish collection box on the feast of San Gennaro.", 3.9),
    ("glass-houses", "Glass Houses", 2010, "Thriller; Drama", 115, "Denmark",
     "A family moves into an architect's glass villa on the coast, and the neighbours start watching.", 3.5),
    ("the-tide-tables", "The Tide Tables", 2024, "Documentary", 79, "France",
     "How the people of Mont-Saint-Michel Bay have lived by the tides for nine centuries.", 4.0),
    ("hollow-creek", "Hollow Creek", 1982, "Horror", 93, "United States",
     "Four friends on a canoe trip in the Ozarks find a village that does not appear on any map.", 2.9),
    ("the-silent-conductor", "The Silent Conductor", 1964, "Drama; Music", 129, "Hungary",
     "A celebrated conductor who has lost his hearing prepares one last performance of Bartok's Concerto.", 4.3),
    ("ice-road-north", "Ice Road North", 2013, "Adventure; Documentary", None, "Canada",
     "Truck drivers race the spring thaw on the frozen winter roads that supply the diamond mines.", 3.6),
    ("the-understudy", "The Understudy", 2019, "Comedy; Drama", 107, "United Kingdom",
     "An understudy who has waited twenty years for her chance gets it on the night the critics come.", 3.8),
    ("mirror-protocol", "Mirror Protocol", 2025, "Science Fiction; Thriller", 119, "United States",
     "An engineer testing a translation AI notices that it answers questions she has not asked yet.", 3.5),
    ("the-olive-press", "The Olive Press", 2005, "Drama; Family", 111, "Greece",
     "On Crete, a family argues over whether to sell the olive press that has fed them for four generations.", 3.9),
    ("the-night-ferry", "The Night Ferry", 1977, "Mystery; Crime", None, "United Kingdom",
     "A passenger on the night ferry to Ostend vanishes between Dover and the Belgian coast.", 3.6),
    ("kingdom-of-kites", "Kingdom of Kites", 2014, "Animation; Adventure; Family", 95, "China",
     "A kite-maker's son sets off across the mountains to bring back the wind that has left his village.", 3.8),
    ("the-winter-ball", "The Winter Ball", 1991, "Romance; History", 138, "Austria",
     "Vienna, 1910: a piano tuner and a countess meet at the last great ball before the war.", 3.7),
    ("signal-fire", "Signal Fire", 2008, "War; Drama", 123, "Norway",
     "A lighthouse crew on the Norwegian coast relays Allied signals under the eyes of the German garrison.", 3.9),
    ("borrowed-time", "Borrowed Time", 1998, "Science Fiction; Drama", 113, "United States",
     "A watchmaker who can rewind one day a year must choose which day of his marriage to live again.", 4.2),
]

# key, title, first year, genres, minutes per episode, seasons, country, plot, quality
SERIES = [
    ("harbour-lights", "Harbour Lights", 2016, "Drama; Crime", 58, 3, "United Kingdom",
     "A detective inspector returns to the Cornish port she fled as a teenager and finds her family at the centre of every case.", 4.2),
    ("the-observatory", "The Observatory", 2019, "Science Fiction; Mystery", 52, 2, "Chile",
     "Astronomers at a remote Atacama observatory receive a signal that repeats the station's own radio traffic.", 4.0),
    ("back-of-house", "Back of House", 2021, "Comedy; Drama", 28, 3, "United States",
     "A burnt-out chef takes over her late uncle's failing Philadelphia diner and its stubborn kitchen staff.", 4.4),
    ("the-long-winter", "The Long Winter", 2018, "History; Drama", 61, 2, "Sweden",
     "A farming village in northern Sweden survives the famine winter of 1867.", 3.8),
    ("fieldwork", "Fieldwork", 2022, "Comedy", 24, 2, "New Zealand",
     "Four underfunded ecologists spend a year counting birds on a windswept island.", 3.9),
    ("deep-waters", "Deep Waters", 2015, "Thriller; Crime", 47, 4, "Norway",
     "A diver for the Norwegian coast guard uncovers a smuggling ring in the fjords of her home town.", 3.7),
    ("the-wandering-library", "The Wandering Library", 2020, "Animation; Family; Fantasy", 22, 2, "France",
     "A library on wheels travels between villages, and each book lends its reader one adventure.", 4.1),
    ("ash-and-ember", "Ash and Ember", 2023, "Fantasy; Adventure", 64, 1, "Ireland",
     "Two sisters on opposite sides of a war between fire-keepers and river clans try to end it from within.", 3.4),
    ("the-county-line", "The County Line", 2017, "Crime; Drama", 55, 3, "United States",
     "Two sheriffs on either side of a Kentucky county line share a murder neither of them wants.", 3.9),
    ("small-hours", "Small Hours", 2024, "Horror; Mystery", 45, 1, "Canada",
     "The night staff of a 24-hour laundromat in Winnipeg start finding clothes that belong to missing people.", 3.3),
    ("wild-coasts", "Wild Coasts", 2020, "Documentary", 50, 2, "Australia",
     "Life on the edges of the continent, from the mangroves of Kakadu to the Southern Ocean cliffs.", 4.3),
    ("the-assembly", "The Assembly", 2012, "Drama", 57, 4, "Denmark",
     "A young independent member holds the deciding vote in a hung parliament, and everyone wants it.", 4.1),
]

EPISODE_TITLES = [
    "Arrivals", "Low Water", "The Inheritance", "Crossing", "Night Shift", "Old Debts", "The Long Way Round",
    "Signals", "First Light", "Black Ice", "What the River Knew", "Open House", "Dead Reckoning", "Home Truths",
    "The Visitor", "Undertow", "Closing Time", "Blind Spot", "The Ledger", "Tinder", "Quiet Water", "Fault Lines",
    "A Fair Wind", "The Cellar", "Harvest", "Lost Property", "Snowbound", "Reunion", "The Offer", "Slack Tide",
    "Breaking Ground", "Last Orders", "Sea Fret", "The Witness", "Half Measures", "Northbound", "High Summer",
    "The Bell", "Paper Trail", "Strangers", "Leaving", "The Storm", "Second Chances", "Two Kinds of Silence",
    "Ground Zero", "Wildfire", "The Audit", "Moving Day", "Echo", "Safe Harbour", "The Return", "Daybreak",
    "Counting Birds", "Spring Tide", "The Long Table", "Outsiders", "Thaw", "Distant Shores", "The Vote",
    "The Deal", "Turning Point", "Crosswinds", "Homecoming", "The Keeper", "Under Pressure", "Lanterns",
    "Burn Rate", "The Map Room", "Fog", "The Promise", "Driftwood", "Firebreak", "The Quiet Part", "Family Business",
    "The Long Night", "Starlight", "Catch of the Day", "The Hearing", "A Clean Slate", "Red Sky", "Borderlands",
    "Windfall", "Deep Field", "Landfall", "The Inspection", "Rookie", "Full Service", "Closing Arguments",
    "The Letter", "Heatwave", "Going Under", "The Opening", "Holding Pattern", "Night Market", "Ebb",
    "The Crossing Guard", "Open Season", "Aftershock", "Loose Ends", "Coming Up for Air", "Sleepers", "The Tally",
    "Birthright", "Fallow", "The Understory", "Afterglow", "Static", "The Watch", "Small Mercies", "Out of Season",
    "Last Call", "The Summit", "Kindling", "Salt", "Frontier", "Overtime", "Tideline", "The Quarry", "Marked",
    "Ember", "The Ferryman", "Morning Service", "Weather Warning", "Ninety Days", "The Recount", "Amends",
    "Cold Open", "The Hold", "Whiteout", "Lights Out", "Endgame", "The Other Side", "Boiling Point", "Moonrise",
    "Sanctuary", "Old Friends", "The Deadline", "The Flood", "Compass", "Open Water", "Fine Print", "Inventory",
    "Graveyard Shift", "The Guest List", "Mayday", "The Vigil", "Tenants", "The Catch", "No Man's Land", "Last Light",
]

FIRST_NAMES = [
    "Ada", "Amara", "Anders", "Aylin", "Bea", "Benedikt", "Carmen", "Chidi", "Clara", "Dario", "Elif", "Emeka",
    "Esther", "Felix", "Freya", "Gabriel", "Greta", "Hana", "Hugo", "Ines", "Isak", "Jonas", "Kofi", "Laila",
    "Lars", "Leonie", "Lucia", "Malik", "Marta", "Mateo", "Mei", "Nadia", "Nico", "Noor", "Olga", "Omar",
    "Paloma", "Pavel", "Priya", "Rafael", "Rosa", "Ruth", "Sami", "Sanne", "Sofia", "Tariq", "Teodor", "Thea",
    "Tomas", "Valentina", "Viktor", "Wen", "Yusuf", "Zofia", "Ingrid", "Declan", "Mireille", "Kenji", "Aurelio",
    "Siobhan", "Henrik", "Yara", "Bruno", "Helena", "Ravi", "Ottilie", "Julien", "Kasia", "Emil", "Noemi",
]
LAST_NAMES = [
    "Okafor", "Lindqvist", "Moreau", "Kowalski", "Bianchi", "Haddad", "Nakamura", "Fischer", "Costa", "Andersen",
    "Reyes", "Novak", "Brennan", "Sato", "Adeyemi", "Dubois", "Varga", "Holm", "Castillo", "Petrov", "Romano",
    "Schmidt", "Mensah", "Larsen", "Ferreira", "Kaya", "Weiss", "Ortega", "Quinn", "Takahashi", "Horvath",
    "Lund", "Marchetti", "Nowak", "Silva", "Yilmaz", "Berg", "Delacroix", "Kimura", "Morales", "Esposito",
    "Jansen", "Rossi", "Eriksen", "Bakker", "Campbell", "Molina", "Demir", "Sorensen", "Gallo", "Keller",
    "Oyelaran", "Vidal", "Strand", "Farrell", "Ivanova", "Conti", "Hoffmann", "Aguilar", "Nieminen",
]
CITIES = ["Leeds", "Bristol", "Manchester", "Glasgow", "Cardiff", "York", "Brighton", "Sheffield", "Norwich", "Edinburgh"]
BIRTHPLACES = ["London", "Paris", "Lagos", "Tokyo", "Milan", "Berlin", "Lisbon", "Oslo", "Toronto", "Sydney", "Seoul",
               "Buenos Aires", "Vienna", "Budapest", "Copenhagen", "Dublin", "Madrid", "Mumbai", "Chicago", "Athens"]
PALETTE = ["#23395b", "#8f2d56", "#1d4e3f", "#6b3e26", "#3d2c5e", "#0f5066", "#7a3b12", "#264d2b", "#5b1f2e",
           "#2f3e46", "#7d2e1f", "#334a7d", "#4e3b1f", "#1f5c5c", "#612f5a", "#3e4f1c"]

REVIEW_LINES = {
    "high": [
        "One of those rare films that trusts its audience completely.",
        "The final twenty minutes stayed with me for days.",
        "Every frame looks like it was composed by someone who loves the place.",
        "I went in expecting very little and came out wanting to watch it again at once.",
        "The lead performance is quietly devastating, never pushed, never sentimental.",
        "The score does half the storytelling and never once gets in the way.",
        "Funny, sad and generous, often in the same scene.",
        "It earns every minute of its running time.",
    ],
    "mid": [
        "Beautifully shot, but the middle section drags.",
        "A strong first half; the ending felt rushed to me.",
        "Worth it for the performances, even when the script lets them down.",
        "Not quite the classic people promised me, but a very good evening.",
        "The premise is better than the execution, though the cast keeps it afloat.",
        "Some lovely moments, held together by a plot I stopped believing in.",
        "I admired it more than I enjoyed it.",
        "Solid and well made, if a little too pleased with itself.",
    ],
    "low": [
        "I wanted to like it far more than I did.",
        "Two good scenes do not make a film.",
        "The twist is visible from the opening credits.",
        "Handsome to look at, but nobody in it behaves like a real person.",
        "Our screening group argued about it for an hour, which is the best thing I can say.",
        "Too long by at least half an hour.",
    ],
}
HEADLINES = {
    "high": ["A small masterpiece", "Unmissable", "Still thinking about it", "Quietly brilliant", "A club favourite",
             "Better on a second watch"],
    "mid": ["Good, not great", "Worth a look", "Uneven but rewarding", "Nearly there", "A pleasant surprise"],
    "low": ["Not for me", "A missed opportunity", "Style over substance", "Hard going"],
}


def slug(text):
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def initials(title):
    words = [w for w in re.findall(r"[A-Za-z]+", title) if w.lower() not in ("the", "a", "of", "and", "in", "to", "from", "under")]
    return "".join(w[0] for w in words[:2]).upper() or title[:2].upper()


def half_step(value):
    return min(5.0, max(0.5, round(value * 2) / 2))


USED_NAMES = set()


def make_people(count):
    names, used = [], USED_NAMES
    while len(names) < count:
        name = f"{rng.choice(FIRST_NAMES)} {rng.choice(LAST_NAMES)}"
        if name not in used:
            used.add(name)
            names.append(name)
    return names


def write_csv(path, header, rows):
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(header)
        writer.writerows(rows)


def poster_svg(title, year, colour, shape):
    letters = initials(title)
    safe = title.replace("&", "&amp;").replace("<", "&lt;")
    shapes = [
        '<circle cx="100" cy="112" r="62" fill="#fff" opacity=".16"/>',
        '<path d="M0 210 L100 70 L200 210 Z" fill="#fff" opacity=".14"/>',
        '<rect x="38" y="50" width="124" height="124" rx="8" fill="#fff" opacity=".13" transform="rotate(12 100 112)"/>',
        '<path d="M0 150 Q50 110 100 150 T200 150 V300 H0 Z" fill="#fff" opacity=".12"/>',
    ]
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 300" width="200" height="300" role="img">'
            f'<title>Poster: {safe} ({year})</title>'
            f'<rect width="200" height="300" fill="{colour}"/>{shapes[shape]}'
            f'<text x="100" y="138" fill="#fff" font-family="Georgia, serif" font-size="64" font-weight="700" '
            f'text-anchor="middle">{letters}</text>'
            f'<rect x="20" y="236" width="160" height="2" fill="#fff" opacity=".6"/>'
            f'<text x="100" y="268" fill="#fff" font-family="system-ui, sans-serif" font-size="20" '
            f'text-anchor="middle">{year}</text></svg>\n')


def main():
    # People: directors, writers, composers and actors, each credited on several titles.
    names = make_people(112)
    departments = ["Directing"] * 26 + ["Writing"] * 16 + ["Music"] * 10 + ["Acting"] * 60
    people = []
    for name, department in zip(names, departments):
        born = rng.randint(1925, 1998) if department != "Acting" else rng.randint(1930, 2004)
        people.append({"key": slug(name), "name": name, "department": department, "born": born,
                       "birthplace": rng.choice(BIRTHPLACES)})
    by_department = {d: [p["key"] for p in people if p["department"] == d] for d in set(departments)}

    titles = []
    for index, (key, title, year, genres, runtime, country, plot, quality) in enumerate(FILMS):
        budget = None
        revenue = None
        if "Documentary" not in genres or rng.random() < 0.5:
            scale = 1.0 if year < 1980 else 2.5 if year < 2000 else 6.0
            budget = int(rng.uniform(0.6, 9.0) * scale * 1_000_000 // 50_000 * 50_000)
            if rng.random() < 0.92:
                revenue = int(budget * rng.uniform(0.4, 6.5) // 10_000 * 10_000)
        titles.append({"key": key, "title": title, "kind": "Film", "series": "", "year": year, "runtime": runtime,
                       "episodeRuntime": None, "genres": genres, "country": country, "plot": plot,
                       "budget": budget, "revenue": revenue, "quality": quality, "seasons": 0})
    for key, title, year, genres, minutes, seasons, country, plot, quality in SERIES:
        titles.append({"key": key, "title": title, "kind": "Series", "series": "yes", "year": year, "runtime": None,
                       "episodeRuntime": minutes, "genres": genres, "country": country, "plot": plot,
                       "budget": None, "revenue": None, "quality": quality, "seasons": seasons})

    for index, item in enumerate(titles):
        item["director"] = "; ".join(rng.sample(by_department["Directing"], 1))
        item["writers"] = "; ".join(rng.sample(by_department["Writing"], rng.choice([1, 1, 2])))
        item["cast"] = "; ".join(rng.sample(by_department["Acting"], 4))
        item["music"] = "; ".join(rng.sample(by_department["Music"], 1))
        item["poster"] = f"/images/posters/{item['key']}.jpg"  # scripts/generate-images.py draws it from the SVG
        colour = PALETTE[index % len(PALETTE)]
        with open(os.path.join(CONTENT, "static", "images", "posters", f"{item['key']}.svg"), "w", encoding="utf-8") as handle:
            handle.write(poster_svg(item["title"], item["year"], colour, index % 4))

    # Everyone credited somewhere: a person nobody credits would get an orphan page.
    credited = set()
    for item in titles:
        for field in ("director", "writers", "cast", "music"):
            credited.update(item[field].split("; "))
    people = [p for p in people if p["key"] in credited]
    people.sort(key=lambda p: p["key"])

    write_csv(os.path.join(HERE, "films.csv"),
              ["key", "title", "kind", "series", "year", "runtime", "episodeRuntime", "genres", "country", "plot",
               "director", "writers", "cast", "music", "budget", "revenue", "poster"],
              [[t["key"], t["title"], t["kind"], t["series"], t["year"], t["runtime"] or "", t["episodeRuntime"] or "",
                t["genres"], t["country"], t["plot"], t["director"], t["writers"], t["cast"], t["music"],
                t["budget"] or "", t["revenue"] or "", t["poster"]] for t in titles])
    write_csv(os.path.join(HERE, "people.csv"), ["key", "name", "department", "born", "birthplace"],
              [[p["key"], p["name"], p["department"], p["born"], p["birthplace"]] for p in people])

    # Seasons and episodes: weekly episodes from a start date in the season's year.
    seasons, episodes = [], []
    pool = list(EPISODE_TITLES)
    rng.shuffle(pool)
    for item in titles:
        for number in range(1, item["seasons"] + 1):
            year = item["year"] + number - 1
            season_key = f"{item['key']}-s{number}"
            count = rng.randint(6, 10)
            start = dt.date(year, rng.choice([1, 3, 4, 9, 10]), 1) + dt.timedelta(days=rng.randint(0, 20))
            seasons.append([season_key, f"{item['title']}, season {number}", item["key"], number, year, count])
            for episode in range(1, count + 1):
                if not pool:
                    pool = list(EPISODE_TITLES)
                    rng.shuffle(pool)
                name = "Pilot" if number == 1 and episode == 1 else pool.pop()
                released = start + dt.timedelta(days=7 * (episode - 1))
                minutes = item["episodeRuntime"] + rng.randint(-6, 6)
                episodes.append([f"{season_key}e{episode:02d}", name, season_key, episode, released.isoformat(), minutes])
    write_csv(os.path.join(HERE, "seasons.csv"), ["key", "title", "series", "number", "year", "episodes"], seasons)
    write_csv(os.path.join(HERE, "episodes.csv"), ["key", "title", "season", "number", "released", "runtime"], episodes)

    # Members, what they watched and how they rated it.
    films = [t for t in titles if t["kind"] == "Film"]
    series = [t for t in titles if t["kind"] == "Series"]
    member_names = make_people(36)
    members, watched_rows, rating_rows = [], [], []
    span = (LAST_DAY - FIRST_DAY).days
    for name in member_names:
        key = slug(name)
        joined = FIRST_DAY - dt.timedelta(days=rng.randint(0, 900))
        bias = rng.uniform(-0.35, 0.35)
        taste = rng.sample(films, rng.randint(16, 32))
        seen = []
        for film in taste:
            day = FIRST_DAY + dt.timedelta(days=rng.randint(0, span))
            seen.append((day, film))
        seen.sort(key=lambda pair: (pair[0], pair[1]["key"]))
        for day, film in seen:
            watched_rows.append([key, film["key"], day.isoformat()])
            if rng.random() < 0.88:
                score = half_step(rng.gauss(film["quality"] + bias, 0.75))
                rated = min(LAST_DAY, day + dt.timedelta(days=rng.randint(0, 3)))
                rating_rows.append([key, film["key"], score, rated.isoformat(), film])
        completed = sorted(rng.sample(series, rng.randint(4, 9)), key=lambda s: s["key"])
        for show in completed:
            score = half_step(rng.gauss(show["quality"] + bias, 0.7))
            day = FIRST_DAY + dt.timedelta(days=rng.randint(0, span))
            rating_rows.append([key, show["key"], score, day.isoformat(), show])
        seen_keys = {f["key"] for _, f in seen}
        rated = {row[1]: row[2] for row in rating_rows if row[0] == key}
        favourites = sorted(rated, key=lambda k: (-rated[k], k))[:rng.randint(3, 5)]
        unseen = [t["key"] for t in titles if t["key"] not in seen_keys and t["key"] not in rated]
        watchlist = sorted(rng.sample(unseen, min(len(unseen), rng.randint(2, 6))))
        members.append({"key": key, "name": name, "joined": joined.isoformat(), "city": rng.choice(CITIES),
                        "watched": "; ".join(sorted(seen_keys)), "favourites": "; ".join(favourites),
                        "watchlist": "; ".join(watchlist), "completed": "; ".join(s["key"] for s in completed),
                        "bias": bias})
    members.sort(key=lambda m: m["key"])
    write_csv(os.path.join(HERE, "members.csv"),
              ["key", "name", "joined", "city", "watched", "favourites", "watchlist", "completed"],
              [[m["key"], m["name"], m["joined"], m["city"], m["watched"], m["favourites"], m["watchlist"], m["completed"]]
               for m in members])

    rating_rows.sort(key=lambda r: (r[3], r[0], r[1]))
    watched_rows.sort(key=lambda r: (r[2], r[0], r[1]))
    write_csv(os.path.join(CONTENT, "stats", "ratings.csv"), ["member", "film", "rating", "date"],
              [[r[0], r[1], f"{r[2]:g}", r[3]] for r in rating_rows])
    write_csv(os.path.join(CONTENT, "stats", "watched.csv"), ["member", "film", "date"], watched_rows)

    # Reviews: about one rating in nine comes with a review; a few titles get none.
    names_by_key = {m["key"]: m["name"] for m in members}
    quiet = {"hollow-creek", "red-line-express", "small-hours"}
    reviews = []
    for member, film, score, date, item in rating_rows:
        if film in quiet or rng.random() > 0.11:
            continue
        band = "high" if score >= 4 else "mid" if score >= 2.5 else "low"
        text = " ".join(rng.sample(REVIEW_LINES[band], 2))
        day = dt.date.fromisoformat(date) + dt.timedelta(days=rng.randint(0, 2))
        day = min(day, LAST_DAY)
        reviews.append([f"{film}-{member}", rng.choice(HEADLINES[band]), film, item["title"], member, names_by_key[member],
                        day.isoformat(), f"{score:g}", text])
    reviews.sort(key=lambda r: r[0])
    # filmTitle and authorName repeat the referenced items' titles: a title page lists its reviews through
    # referencedBy, whose items carry plain values (no refs of their own), and must still name the author.
    write_csv(os.path.join(HERE, "reviews.csv"),
              ["key", "title", "film", "filmTitle", "author", "authorName", "date", "rating", "text"], reviews)

    counts = {}
    for row in rating_rows:
        counts[row[1]] = counts.get(row[1], 0) + 1
    print(f"{len(titles)} titles, {len(people)} people, {len(seasons)} seasons, {len(episodes)} episodes, "
          f"{len(members)} members, {len(watched_rows)} watched, {len(rating_rows)} ratings (fewest per title: "
          f"{min(counts.values())}), {len(reviews)} reviews")


if __name__ == "__main__":
    main()

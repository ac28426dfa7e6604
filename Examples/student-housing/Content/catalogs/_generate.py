#!/usr/bin/env python3
"""Deterministic listings for the student-housing example.

Writes listings.csv beside this script and one small SVG floor plan per listing in
Content/static/images/listings/. Addresses are real streets near the universities of six
Italian cities, with coordinates within a couple of hundred metres of each street.
The same seed gives byte-identical files; the output is committed.

    python3 Examples/student-housing/Content/catalogs/_generate.py
"""
import csv
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
IMAGES = os.path.join(os.path.dirname(HERE), "static", "images", "listings")
SEED = 20260912

rng = random.Random(SEED)

# city: (province, prefix, price multiplier, number of listings, streets with approximate coordinates)
CITIES = [
    ("Bologna", "BO", "bo", 1.10, 13, [
        ("Via Zamboni", 44.4968, 11.3505), ("Via Belle Arti", 44.4985, 11.3490), ("Via Irnerio", 44.5005, 11.3460),
        ("Via del Pratello", 44.4955, 11.3320), ("Via Mascarella", 44.5000, 11.3475), ("Strada Maggiore", 44.4920, 11.3540),
        ("Via San Vitale", 44.4940, 11.3550), ("Via Saragozza", 44.4890, 11.3270), ("Via Andrea Costa", 44.4930, 11.3100),
        ("Via Massarenti", 44.4930, 11.3720)]),
    ("Milan", "MI", "mi", 1.38, 14, [
        ("Via Pascoli", 45.4790, 9.2220), ("Via Celoria", 45.4760, 9.2320), ("Viale Romagna", 45.4740, 9.2230),
        ("Via Ponzio", 45.4790, 9.2280), ("Via Sarfatti", 45.4500, 9.1890), ("Viale Bligny", 45.4530, 9.1930),
        ("Via Lambruschini", 45.5030, 9.1560), ("Via Durando", 45.5040, 9.1630), ("Via Padova", 45.4950, 9.2250),
        ("Corso di Porta Romana", 45.4560, 9.1970)]),
    ("Padua", "PD", "pd", 0.95, 9, [
        ("Via Portello", 45.4080, 11.8890), ("Via Marzolo", 45.4100, 11.8870), ("Via San Francesco", 45.4045, 11.8790),
        ("Via del Santo", 45.4030, 11.8800), ("Via Belzoni", 45.4110, 11.8900), ("Via Gradenigo", 45.4070, 11.8930),
        ("Via Savonarola", 45.4090, 11.8690), ("Via Venezia", 45.4150, 11.8960)]),
    ("Pisa", "PI", "pi", 0.90, 8, [
        ("Via San Martino", 43.7140, 10.4050), ("Borgo Stretto", 43.7180, 10.4020), ("Via Santa Maria", 43.7190, 10.3980),
        ("Via Buonarroti", 43.7140, 10.4100), ("Corso Italia", 43.7120, 10.4010), ("Via Bonanno Pisano", 43.7200, 10.3900),
        ("Via Risorgimento", 43.7210, 10.3960), ("Lungarno Pacinotti", 43.7165, 10.4000)]),
    ("Rome", "RM", "rm", 1.18, 12, [
        ("Via dei Volsci", 41.8985, 12.5140), ("Via dei Sabelli", 41.8970, 12.5130), ("Via Tiburtina", 41.9010, 12.5180),
        ("Viale Regina Elena", 41.9050, 12.5110), ("Via Catania", 41.9100, 12.5190), ("Via Nomentana", 41.9140, 12.5150),
        ("Viale Ippocrate", 41.9080, 12.5210), ("Via Ostiense", 41.8580, 12.4780), ("Via della Vasca Navale", 41.8560, 12.4700),
        ("Viale Marconi", 41.8560, 12.4660)]),
    ("Turin", "TO", "to", 0.88, 10, [
        ("Corso Duca degli Abruzzi", 45.0630, 7.6600), ("Via San Paolo", 45.0660, 7.6450), ("Via Nizza", 45.0560, 7.6800),
        ("Via Madama Cristina", 45.0540, 7.6830), ("Via Po", 45.0680, 7.6920), ("Via Vanchiglia", 45.0720, 7.6980),
        ("Corso Regina Margherita", 45.0770, 7.6900), ("Via Sant'Ottavio", 45.0695, 7.6960),
        ("Via Principe Tommaso", 45.0570, 7.6820), ("Corso Vittorio Emanuele II", 45.0640, 7.6720)]),
]

# type: (weight, size range m2, rooms, bathrooms choices, occupants choices, base price EUR)
TYPES = {
    "Single room": (30, (9, 16), 1, [1], [1], 360),
    "Double room": (12, (15, 22), 1, [1], [2], 470),
    "Studio": (18, (22, 36), 1, [1], [1, 1, 2], 640),
    "One-bedroom flat": (16, (38, 56), 2, [1], [2], 820),
    "Two-bedroom flat": (14, (58, 82), 3, [1, 1, 2], [3, 4], 1080),
    "Three-bedroom flat": (10, (84, 112), 4, [2], [4, 5, 6], 1380),
}

ADJECTIVES = ["Bright", "Quiet", "Sunny", "Cosy", "Renovated", "Spacious", "Furnished", "Top-floor", "Airy", "Modern"]

LANDMARKS = {
    "Bologna": ["Piazza Verdi", "the Two Towers", "the Engineering school", "Porta San Donato", "the university library"],
    "Milan": ["the Politecnico", "Bocconi", "Piola metro station", "Bovisa campus", "Città Studi"],
    "Padua": ["the Bo palace", "Prato della Valle", "the Botanical Garden", "the Portello campus", "Piazza dei Signori"],
    "Pisa": ["the Leaning Tower", "Piazza dei Cavalieri", "the Sapienza palace", "Pisa Centrale station", "the Arno"],
    "Rome": ["Sapienza", "San Lorenzo", "Roma Tre", "Policlinico metro station", "Piazza Bologna"],
    "Turin": ["the Politecnico", "Palazzo Nuovo", "Porta Nuova", "the Mole Antonelliana", "Campus Einaudi"],
}

OPENINGS = [
    "{floor} floor {lift}, {minutes} minutes on foot from {landmark}.",
    "In a {age} building, {minutes} minutes by bike from {landmark}.",
    "A short walk from {landmark}: about {minutes} minutes.",
]
EXTRAS = [
    "Bills included except heating.", "All bills included, fibre internet too.", "Bills split between flatmates.",
    "Washing machine and dishwasher in the flat.", "Shared kitchen with a large table.", "Balcony facing a quiet courtyard.",
    "Bike storage in the courtyard.", "Double glazing and independent heating.", "Desk, wardrobe and a bookcase in every room.",
    "Flatmates are students at the university.", "Non-smoking flat.", "Pets are welcome.",
]
ENDINGS = [
    "Available from September; minimum stay ten months.", "Available now; minimum stay six months.",
    "Available from October for the academic year.", "One month's deposit; the contract can be registered.",
    "Viewings on weekday evenings.", "",
]
FLOORS = ["Ground", "First", "Second", "Third", "Fourth", "Fifth"]

CITY_COLOURS = {"Bologna": "#b3472d", "Milan": "#2f5f8a", "Padua": "#5b6e2e", "Pisa": "#8a5a14", "Rome": "#7a3b69", "Turin": "#2e6b63"}


def pick_type():
    total = sum(spec[0] for spec in TYPES.values())
    roll = rng.uniform(0, total)
    for name, spec in TYPES.items():
        roll -= spec[0]
        if roll <= 0:
            return name
    return "Single room"


def description(city):
    landmark = rng.choice(LANDMARKS[city])
    opening = rng.choice(OPENINGS).format(
        floor=rng.choice(FLOORS), lift=rng.choice(["with a lift", "without a lift"]), minutes=rng.choice([5, 8, 10, 12, 15, 20]),
        age=rng.choice(["nineteenth-century", "1960s", "recently restored", "1930s"]), landmark=landmark)
    extras = rng.sample(EXTRAS, rng.randint(1, 3))
    parts = [opening] + extras + [rng.choice(ENDINGS)]
    return " ".join(part for part in parts if part)


def thumbnail(code, kind, rooms, city):
    """A tiny floor plan: the outline, one cell per room, a door and a window."""
    colour = CITY_COLOURS[city]
    cells = []
    width = 128 // rooms
    for index in range(1, rooms):
        x = 16 + index * width
        top = 34 if index % 2 else 46  # the doorway between rooms, alternately high and low
        cells.append(f'<path d="M{x} 20v{top}m0 14v{80 - top - 14}"/>')
    beds = "".join(f'<rect x="{22 + i * width}" y="{32 + (i % 2) * 50}" width="{min(26, width - 12)}" height="14" rx="3" fill="{colour}" opacity=".35"/>'
                   for i in range(rooms))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 120" width="160" height="120">'
            f'<rect width="160" height="120" fill="#f4efe6"/>'
            f'<g fill="none" stroke="{colour}" stroke-width="4" stroke-linecap="square">'
            f'<path d="M16 20h128v80H16z"/>{"".join(cells)}</g>'
            f'{beds}'
            f'<path d="M16 67v14M100 20h24" stroke="#f4efe6" stroke-width="6"/>'
            f'<path d="M16 82h16a16 16 0 0 0-16-16" fill="none" stroke="{colour}" stroke-width="2"/>'
            f'<path d="M100 17v6m24-6v6M100 20h24" stroke="{colour}" stroke-width="1.5"/>'
            f'</svg>\n')


def main():
    os.makedirs(IMAGES, exist_ok=True)
    for name in os.listdir(IMAGES):  # thumbnails of listings that no longer exist
        if name.endswith(".svg"):
            os.remove(os.path.join(IMAGES, name))
    rows = []
    used_prices = set()
    for city, province, prefix, multiplier, count, streets in CITIES:
        numbers = sorted(rng.sample(range(1000, 9999), count))
        for number in numbers:
            code = f"{prefix}-{number}"
            kind = pick_type()
            _, (low, high), rooms, bathrooms, occupants, base = TYPES[kind]
            size = rng.randint(low, high)
            street, lat, lon = rng.choice(streets)
            middle = (low + high) / 2
            price = base * multiplier * (1 + (size - middle) / middle * 0.5) * rng.uniform(0.9, 1.12)
            price = int(round(price / 5) * 5)
            while price in used_prices:  # distinct prices keep both sort orders free of ties
                price += 5
            used_prices.add(price)
            people = rng.choice(occupants)
            title = f"{rng.choice(ADJECTIVES)} {kind.lower()} in {street}"
            has_description = rng.random() > 0.35
            rating = round(min(5.0, max(1.8, rng.gauss(3.9, 0.6))), 1)
            rows.append({
                "code": code,
                "title": title,
                "type": kind,
                "price": price,
                "size": size,
                "rooms": rooms,
                "bathrooms": rng.choice(bathrooms),
                "occupants": people,
                "address": f"{street} {rng.randint(1, 140)}",
                "city": city,
                "province": province,
                "latitude": f"{lat + rng.uniform(-0.0018, 0.0018):.5f}",
                "longitude": f"{lon + rng.uniform(-0.0022, 0.0022):.5f}",
                "description": description(city) if has_description else "",
                "rating": f"{rating:.1f}",
                "thumbnail": f"images/listings/{code}.jpg",  # scripts/generate-images.py draws it from the SVG
            })
            with open(os.path.join(IMAGES, f"{code}.svg"), "w", encoding="utf-8", newline="\n") as handle:
                handle.write(thumbnail(code, kind, rooms, city))
    with open(os.path.join(HERE, "listings.csv"), "w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0].keys()), lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    print(f"{len(rows)} listings")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Deterministic data for the beach-club example.

Writes beside this script:
- umbrellas.csv: date, umbrella, row, place, status (free | booked) for four days in July 2026;
  five rows of umbrellas mirroring the beach, row 1 nearest the sea (8, 9, 10, 10, 10 places);
- weather.csv: the forecast snapshot shown on the home page (hour, temperature, wind, condition).
And in ../catalogs/:
- days.csv: one line per day of the umbrella map (key = the date);
- reviews.csv: guests' reviews (author, date, rating, text).
The same seed gives byte-identical files; the output is committed.

    python3 Examples/beach-club/Content/stats/_generate.py
"""
import csv
import datetime as dt
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
CATALOGS = os.path.join(os.path.dirname(HERE), "catalogs")
SEED = 20260718
rng = random.Random(SEED)

ROWS = [8, 9, 10, 10, 10]                     # places per row, row 1 at the water's edge
DAYS = [dt.date(2026, 7, 16) + dt.timedelta(days=n) for n in range(4)]   # Thursday to Sunday
LETTERS = "ABCDE"


def write(path, header, rows):
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(header)
        writer.writerows(rows)


umbrellas = []
for day in DAYS:
    weekend = day.weekday() >= 5
    for row, places in enumerate(ROWS, start=1):
        # The front rows and the weekend fill up first.
        chance = (0.9 if weekend else 0.55) - (row - 1) * (0.08 if weekend else 0.1)
        for place in range(1, places + 1):
            status = "booked" if rng.random() < chance else "free"
            umbrellas.append([day.isoformat(), f"{LETTERS[row - 1]}{place}", row, place, status])
write(os.path.join(HERE, "umbrellas.csv"), ["date", "umbrella", "row", "place", "status"], umbrellas)

days = []
for day in DAYS:
    days.append([day.isoformat(), day.strftime("%A %-d %B %Y"), day.strftime("%A")])
write(os.path.join(CATALOGS, "days.csv"), ["key", "title", "weekday"], days)

weather = []
conditions = ["sunny"] * 6 + ["sunny", "light breeze", "light breeze", "sunny", "sunny", "some cloud", "some cloud"]
for hour in range(7, 20):
    temperature = round(23 + 7 * max(0.0, 1 - abs(hour - 15) / 8) + rng.uniform(-0.4, 0.4), 1)
    wind = round(6 + (hour - 7) * 0.9 + rng.uniform(-1, 1))
    weather.append([f"{hour:02d}:00", temperature, wind, conditions[hour - 7]])
write(os.path.join(HERE, "weather.csv"), ["hour", "temperature", "wind", "condition"], weather)

AUTHORS = ["Giulia R.", "Tom H.", "Marco e Sara", "Ines K.", "The Brennan family", "Paolo", "Hannah W.", "Luca B.",
           "Amélie D.", "Jonas", "Priya S.", "Federica"]
TEXTS = [
    (5, "Front-row umbrella, calm sea and the best fritto misto we had all holiday. We booked again for August."),
    (4, "Friendly staff and clean showers. The beach gets busy on Sundays, so book the umbrella the day before."),
    (5, "The kids' club kept our two busy every morning and they came back with a shell collection. Thank you!"),
    (3, "Lovely spot, but the bar ran out of ice by four in the afternoon on a very hot day."),
    (5, "Sunbeds are comfortable and properly spaced. Quiet in the morning, lively at aperitivo time."),
    (4, "Good value for a week: the weekly umbrella price is fair and the lifeguard is always there."),
    (5, "Our favourite beach on this coast. The Friday menu with the mussels is worth the trip."),
    (4, "Easy to reach from the station on foot. Showers are warm, the changing cabins could use more hooks."),
    (5, "We celebrated a birthday at the bar at sunset; the staff brought out a cake. Unforgettable."),
    (4, "Clear water, gentle slope into the sea: perfect for small children."),
]
def season_days():
    """The club opens from May to September; reviews come in while it is open, up to mid-July 2026."""
    for year, last in ((2025, dt.date(2025, 9, 30)), (2026, dt.date(2026, 7, 15))):
        day = dt.date(year, 5, 1)
        while day <= last:
            yield day
            day += dt.timedelta(days=1)


dates = sorted(rng.sample(list(season_days()), len(TEXTS)))
reviews = [(date, AUTHORS[index], rating, text) for index, (date, (rating, text)) in enumerate(zip(dates, TEXTS))]
reviews.sort(key=lambda review: review[0])
seen = set()
rows = []
for date, author, rating, text in reviews:
    key = f"{date.isoformat()}-{author.split()[-2 if author.startswith('The ') else 0].lower().replace('é', 'e')}"
    while key in seen:
        key += "-2"
    seen.add(key)
    rows.append([key, date.isoformat(), author, rating, text])
# Written in a shuffled order: the catalog sorts by date, not the file.
rng.shuffle(rows)
write(os.path.join(CATALOGS, "reviews.csv"), ["key", "date", "author", "rating", "text"], rows)
print(f"{len(umbrellas)} umbrella-days, {len(rows)} reviews")

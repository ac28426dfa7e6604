#!/usr/bin/env python3
"""Deterministic synthetic statistics for the default site's Programme report.

Writes members.csv, activities.csv, redemptions.csv, questionnaires.csv and machines.csv
beside this script: 18 months of a coffee loyalty programme (May 2025 - October 2026).
The same seed gives byte-identical files; the output is committed. Prize keys, titles and
points come from Content/catalogs/prizes.csv when it exists.

    python3 Content/stats/_generate.py
"""
import csv
import datetime as dt
import math
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SEED = 20261031
MEMBERS = 2400
START = dt.date(2025, 5, 1)
END = dt.date(2026, 10, 31)

rng = random.Random(SEED)


def load_prizes():
    path = os.path.join(ROOT, "Content", "catalogs", "prizes.csv")
    prizes = []
    if os.path.exists(path):
        with open(path, newline="", encoding="utf-8") as handle:
            for row in csv.DictReader(handle):
                try:
                    prizes.append((row["key"], row["title"], int(row["points"]), row.get("kind", "physical")))
                except (KeyError, ValueError):
                    continue
    if not prizes:
        prizes = [("moka-pot", "Moka da 3 tazze", 900, "physical"), ("buono-sconto-5", "Buono sconto 5 €", 250, "digital"),
                  ("tazzine-set", "Set di tazzine", 1200, "physical"), ("miscela-250", "Miscela Classica 250 g", 150, "physical")]
    return sorted(prizes)


def months():
    current = START
    while current <= END:
        yield current
        current = (current.replace(day=28) + dt.timedelta(days=4)).replace(day=1)


def month_end(first):
    return (first.replace(day=28) + dt.timedelta(days=4)).replace(day=1) - dt.timedelta(days=1)


def day_in(first, earliest=None):
    last = month_end(first)
    low = max(first, earliest) if earliest else first
    if low > last:
        return None
    return low + dt.timedelta(days=rng.randint(0, (last - low).days))


def poisson(mean):
    # Knuth's method: fine for the small means used here.
    limit, k, product = math.exp(-mean), 0, rng.random()
    while product > limit:
        k += 1
        product *= rng.random()
    return k


def serial():
    length = rng.choice([14, 14, 16])
    return str(rng.randint(1, 9)) + "".join(str(rng.randint(0, 9)) for _ in range(length - 1))


def main():
    prizes = load_prizes()
    # Popularity: cheaper prizes are redeemed more often.
    weights = [1.0 / math.sqrt(points) * rng.uniform(0.5, 1.6) for _, _, points, _ in prizes]
    cities = ["Milano", "Roma", "Torino", "Napoli", "Bologna", "Firenze", "Bari", "Palermo", "Verona", "Genova"]
    models = ["Crema Uno", "Crema Duo", "Crema Pro", "Crema Mini"]
    seasonal = {1: 1.2, 2: 1.15, 3: 1.05, 4: 0.95, 5: 0.9, 6: 0.8, 7: 0.7, 8: 0.6, 9: 0.95, 10: 1.1, 11: 1.2, 12: 1.3}
    all_months = list(months())
    activities, redemptions, answers, machines, members = [], [], [], [], []
    questionnaire_months = {m: f"q-{m.year}-{m.month:02d}" for m in all_months if m.month % 2 == 1}
    questions = ["gusto", "aroma", "app", "premi"]

    for number in range(1, MEMBERS + 1):
        member = f"M{number:05d}"
        # A fifth joined before the period; the rest join over it, more at the start.
        if rng.random() < 0.2:
            joined = START
        else:
            joined = START + dt.timedelta(days=int((END - START).days * rng.random() ** 1.4))
        rate = rng.lognormvariate(0.0, 0.6) * 1.5
        churn = rng.uniform(0.01, 0.05)
        city = rng.choice(cities)
        balance = 0
        if joined > START or rng.random() < 0.5:
            activities.append((joined, member, "onboarding", 100))
            balance += 100
        for _ in range(1 if rng.random() < 0.55 else (2 if rng.random() < 0.2 else 0)):
            registered = joined + dt.timedelta(days=rng.randint(0, 60))
            if registered <= END:
                machines.append((member, serial(), rng.choice(models), registered))
        active = True
        for first in all_months:
            if month_end(first) < joined or not active:
                continue
            events = []
            for _ in range(poisson(rate * seasonal[first.month])):
                day = day_in(first, joined)
                if day:
                    events.append((day, "code", rng.choice([10, 20, 20, 30, 30, 50])))
            if first in questionnaire_months and rng.random() < 0.22:
                day = day_in(first, joined)
                if day:
                    late = rng.random() < 0.06  # answered after the campaign closed: no points
                    events.append((day, "questionnaire", 0 if late else 25))
                    taste = rng.choice([3, 4, 4, 5, 5])
                    for question in questions:
                        score = max(1, min(5, taste + rng.choice([-2, -1, 0, 0, 0, 1]) if question != "app" else rng.choice([2, 3, 3, 4, 4, 5])))
                        answers.append((day, member, questionnaire_months[first], question, score))
            if rng.random() < 0.09:
                day = day_in(first, joined)
                if day:
                    events.append((day, "mission", rng.choice([50, 50, 100, 150, 200])))
            events.sort()
            for day, kind, points in events:
                activities.append((day, member, kind, points))
                balance += points
            affordable = [(index, prize) for index, prize in enumerate(prizes) if prize[2] <= balance]
            if affordable and rng.random() < 0.28:
                index, prize = rng.choices(affordable, weights=[weights[i] for i, _ in affordable])[0]
                day = day_in(first, joined)
                if day:
                    key, title, points, kind = prize
                    activities.append((day, member, "redemption", -points))
                    redemptions.append((day, member, key, title, points, kind))
                    balance -= points
            if rng.random() < churn:
                active = False
        members.append((member, joined, city, balance))

    def write(name, header, rows):
        with open(os.path.join(HERE, name), "w", newline="", encoding="utf-8") as handle:
            writer = csv.writer(handle, lineterminator="\n")
            writer.writerow(header)
            for row in rows:
                writer.writerow([value.isoformat() if isinstance(value, dt.date) else value for value in row])

    write("members.csv", ["id", "joined", "city", "balance"], sorted(members))
    write("activities.csv", ["date", "member", "event", "points"], sorted(activities))
    write("redemptions.csv", ["date", "member", "prize", "title", "points", "kind"], sorted(redemptions))
    write("questionnaires.csv", ["date", "member", "questionnaire", "question", "score"], sorted(answers))
    write("machines.csv", ["member", "serial", "model", "registered"], sorted(machines))
    print(f"{len(members)} members, {len(activities)} activities, {len(redemptions)} redemptions, "
          f"{len(answers)} answers, {len(machines)} machines")


if __name__ == "__main__":
    main()

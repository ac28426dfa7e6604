#!/usr/bin/env python3
"""Deterministic synthetic transactions for the personal-budget example.

Writes transactions.csv beside this script: twelve months (November 2025 - October 2026)
of one person's income and expenses, about 150 rows. The same seed gives byte-identical
output; the output is committed.

    python3 Examples/personal-budget/Content/catalogs/_generate.py

Columns: key (date and category, unique), date, name (the category), type (income |
expense), amount (decimal, always positive, two decimals), net (the amount signed: positive
for income, negative for expenses; the key figure "balance" sums it, because a block cannot
yet sum one column with a sign taken from another), note (optional).
"""
import csv
import sqlite3
import datetime as dt
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
SEED = 20261101
START = dt.date(2025, 11, 1)
MONTHS = 12

rng = random.Random(SEED)


def month_starts():
    current = START
    for _ in range(MONTHS):
        yield current
        current = (current.replace(day=28) + dt.timedelta(days=4)).replace(day=1)


def month_end(first):
    return (first.replace(day=28) + dt.timedelta(days=4)).replace(day=1) - dt.timedelta(days=1)


def day(first, number):
    return first.replace(day=min(number, month_end(first).day))


def some_day(first):
    return first + dt.timedelta(days=rng.randint(0, (month_end(first) - first).days))


def cents(low, high):
    return round(rng.uniform(low, high), 2)


rows = []


def add(date, name, amount, kind, note=""):
    rows.append({"date": date, "name": name, "amount": amount, "type": kind, "note": note})


SHOPS = ["Tesco", "Sainsbury's", "Lidl", "Co-op", "the market"]
RESTAURANTS = ["Pizza with Sam", "Lunch at the Dumpling House", "Brunch, Elm Café", "Curry night", "Fish and chips",
               "Birthday dinner", "Coffee and cake"]
FUN = ["Cinema", "Concert tickets", "Museum exhibition", "Books", "Streaming subscription", "Theatre", "Football match"]
CLOTHES = ["Winter coat", "Running shoes", "Jeans", "Shirts", "Rain jacket"]
HEALTH = ["Pharmacy", "Dentist check-up", "Opticians", "Gym month pass"]
GIFTS = ["Present for Mum", "Wedding gift", "Christmas presents", "Niece's birthday"]
CLIENTS = ["Logo for a bakery", "Website copy edit", "Poster design", "Photo retouching", "Menu layout"]

for first in month_starts():
    # Income: the monthly wage, savings interest, sometimes a freelance job or a refund.
    wage = 1850.00 if first < dt.date(2026, 4, 1) else 1925.00   # a pay rise in April
    add(day(first, 28), "wage", wage, "income", "Monthly salary")
    add(day(first, 31), "interest", cents(2.10, 4.90), "income")
    if rng.random() < 0.6:
        add(some_day(first), "freelance", float(rng.choice([180, 240, 300, 350, 420, 480, 560])), "income",
            rng.choice(CLIENTS))
    if rng.random() < 0.2:
        add(some_day(first), "refund", cents(8, 60), "income", "Returned order")
    # Fixed costs.
    add(day(first, 1), "rent", 725.00, "expense", "Flat, Ashford Road")
    add(day(first, 12), "utilities", cents(68, 125) if first.month in (11, 12, 1, 2, 3) else cents(44, 70), "expense",
        "Gas and electricity")
    add(day(first, 15), "phone", 18.00, "expense", "Mobile plan")
    add(day(first, 2), "transport", 96.50, "expense", "Monthly bus pass")
    # Groceries about once a week.
    for week in range(4):
        date = first + dt.timedelta(days=week * 7 + rng.randint(0, 5))
        if date <= month_end(first):
            add(date, "groceries", cents(28, 92), "expense", rng.choice(SHOPS + ["", ""]))
    # Variable spending.
    for _ in range(rng.choice([1, 1, 2])):
        add(some_day(first), "eating out", cents(9, 64), "expense", rng.choice(RESTAURANTS))
    if rng.random() < 0.7:
        add(some_day(first), "entertainment", cents(8, 55), "expense", rng.choice(FUN))
    if rng.random() < 0.35:
        add(some_day(first), "clothing", cents(25, 120), "expense", rng.choice(CLOTHES))
    if rng.random() < 0.3:
        add(some_day(first), "health", cents(7, 85), "expense", rng.choice(HEALTH))
    if first.month == 12:
        add(day(first, 18), "gifts", cents(120, 180), "expense", "Christmas presents")
    elif rng.random() < 0.15:
        add(some_day(first), "gifts", cents(20, 60), "expense", rng.choice(GIFTS[:2] + GIFTS[3:]))

rows.sort(key=lambda row: (row["date"], row["type"] != "income", row["name"], row["amount"]))
seen = {}
with open(os.path.join(HERE, "transactions.csv"), "w", newline="", encoding="utf-8") as handle:
    writer = csv.writer(handle, lineterminator="\n")
    writer.writerow(["key", "date", "name", "type", "amount", "net", "note"])
    for row in rows:
        key = f"{row['date'].isoformat()}-{row['name'].replace(' ', '-')}"
        seen[key] = seen.get(key, 0) + 1
        if seen[key] > 1:
            key += f"-{seen[key]}"
        writer.writerow([key, row["date"].isoformat(), row["name"], row["type"], f"{row['amount']:.2f}",
                         f"{row['amount'] if row['type'] == 'income' else -row['amount']:.2f}", row["note"]])

# The same rows as the budget app exports them: a SQLite file, which the reports read (site.yml's datasets).
database = os.path.join(HERE, "..", "stats", "budget.sqlite")
os.makedirs(os.path.dirname(database), exist_ok=True)
if os.path.exists(database):
    os.remove(database)
with sqlite3.connect(database) as connection:
    connection.execute("CREATE TABLE transactions (key TEXT PRIMARY KEY, date DATE NOT NULL, name TEXT NOT NULL, "
                       "type TEXT NOT NULL, amount REAL NOT NULL, net REAL NOT NULL, note TEXT)")
    with open(os.path.join(HERE, "transactions.csv"), encoding="utf-8") as handle:
        records = list(csv.reader(handle))[1:]
    connection.executemany("INSERT INTO transactions VALUES (?, ?, ?, ?, ?, ?, ?)",
                           [[key, date, name, kind, float(amount), float(net), note or None]
                            for key, date, name, kind, amount, net, note in records])
connection.close()
print(f"{len(rows)} transactions")

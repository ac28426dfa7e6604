// "Today's menu": a link to the week (`href`) that this script points at today's page
// (`data-today`, ":day" standing for the weekday's key). Today is the day at the club, in
// the site's time zone (`data-time-zone`), not wherever the reader is. Without JavaScript,
// or a time zone the browser does not know, the link stays on the week.
"use strict";
for (const link of document.querySelectorAll("a[data-today]")) {
  let weekday;
  try {
    weekday = new Intl.DateTimeFormat("en-GB", { weekday: "long", timeZone: link.dataset.timeZone || undefined }).format(new Date());
  } catch {
    continue;
  }
  link.href = link.dataset.today.replace(":day", weekday.toLowerCase());
}

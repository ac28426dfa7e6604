/// The words reports put on pages, in the site's language.
struct ReportLabels: Sendable {
    var noData = "No data"
    var showData = "Show the data"
    var highest = "highest"
    var lowest = "lowest"
    var total = "total"
    var previous = "compared with"
    var unchanged = "unchanged"
    var value = "Value"
    var chart = "Chart"
    var of = "of"
    // Scatter and grid charts: "Row 1, place 3", "12 points", "Longitude from 9.1 to 9.3".
    var row = "Row"
    var place = "place"
    var placeSingular = "place"
    var places = "places"
    var point = "point"
    var points = "points"
    var from = "from"
    var to = "to"

    init(language: String) {
        switch language.split(separator: "-").first.map(String.init) ?? language {
        case "it":
            noData = "Nessun dato"; showData = "Mostra i dati"; highest = "il valore più alto"; lowest = "il più basso"
            total = "totale"; previous = "rispetto a"; unchanged = "invariato"; value = "Valore"; chart = "Grafico"
            of = "di"
            row = "Fila"; place = "posto"; placeSingular = "posto"; places = "posti"; point = "punto"; points = "punti"; from = "da"; to = "a"
        case "fr":
            noData = "Aucune donnée"; showData = "Afficher les données"; highest = "le plus élevé"; lowest = "le plus bas"
            total = "total"; previous = "par rapport à"; unchanged = "inchangé"; value = "Valeur"; chart = "Graphique"
            of = "de"
            row = "Rangée"; place = "place"; placeSingular = "place"; places = "places"; point = "point"; points = "points"; from = "de"; to = "à"
        case "de":
            noData = "Keine Daten"; showData = "Daten anzeigen"; highest = "Höchstwert"; lowest = "Tiefstwert"
            total = "insgesamt"; previous = "gegenüber"; unchanged = "unverändert"; value = "Wert"; chart = "Diagramm"
            of = "von"
            row = "Reihe"; place = "Platz"; placeSingular = "Platz"; places = "Plätze"; point = "Punkt"; points = "Punkte"; from = "von"; to = "bis"
        case "es":
            noData = "Sin datos"; showData = "Mostrar los datos"; highest = "el valor más alto"; lowest = "el más bajo"
            total = "total"; previous = "respecto a"; unchanged = "sin cambios"; value = "Valor"; chart = "Gráfico"
            of = "de"
            row = "Fila"; place = "puesto"; placeSingular = "puesto"; places = "puestos"; point = "punto"; points = "puntos"; from = "de"; to = "a"
        default:
            break
        }
    }
}

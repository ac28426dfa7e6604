import MastheadSupport

/// Each language's stop words, after Snowball's lists (snowballstem.org/algorithms), normalised
/// as the index normalises words: neither indexed nor searched. Languages without a list here
/// are stemmed and keep every word.
enum StopWords {
    static func words(language: String) -> Set<String> {
        let list: String
        switch LanguageTag(language)?.language {
        case "it": list = italian
        case "en": list = english
        default: return []
        }
        return Set(list.split(whereSeparator: \.isWhitespace).map { SearchText.normalised(String($0)) })
    }

    private static let english = """
        i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself
        it its itself they them their theirs themselves what which who whom this that these those am is are was were be
        been being have has had having do does did doing would should could ought a an the and but if or because as until
        while of at by for with about against between into through during before after above below to from up down in out
        on off over under again further then once here there when where why how all any both each few more most other some
        such no nor not only own same so than too very s t can will just don now d ll m o re ve y
        """

    private static let italian = """
        ad al allo ai agli all agl alla alle con col coi da dal dallo dai dagli dall dagl dalla dalle di del dello dei degli
        dell degl della delle in nel nello nei negli nell negl nella nelle su sul sullo sui sugli sull sugl sulla sulle per
        tra contro io tu lui lei noi voi loro mio mia miei mie tuo tua tuoi tue suo sua suoi sue nostro nostra nostri nostre
        vostro vostra vostri vostre mi ti ci vi lo la li le gli ne il un uno una ma ed se perché anche come dov dove che chi
        cui non più quale quanto quanti quanta quante quello quelli quella quelle questo questi questa queste si tutto tutti
        a c e i l o ho hai ha abbiamo avete hanno abbia abbiate abbiano avrò avrai avrà sono sei è siamo siete era erano
        fu furono essere stato stata stati state sia siano fosse fossero sarà saranno faccio fai fa facciamo fanno
        """
}

/// survey-core's own words for a boolean question's answers, by locale: what it shows
/// for `true` and `false` (in a title that reads the answer, say) when the question
/// gives no `labelTrue`/`labelFalse`. From survey-core 3.0.1's localization files
/// (`booleanCheckedLabel`, `booleanUncheckedLabel`; Copyright (c) 2015-2025 Devsoft Baltic
/// OÜ, MIT licence).
enum SurveyJSBooleanWords {
    static let byLocale: [String: (yes: String, no: String)] = [
        "ar": ("نعم", "لا"),
        "bg": ("Да", "Не"),
        "ca": ("Sí", "No"),
        "cs": ("Ano", "Ne"),
        "cy": ("Iawn", "Na"),
        "da": ("Ja", "Ingen"),
        "de": ("Ja", "Nein"),
        "el": ("Ναι", "Όχι"),
        "en": ("Yes", "No"),
        "es": ("Sí", "No"),
        "et": ("Jah", "Ei"),
        "eu": ("Bai", "Ez"),
        "fa": ("بله", "خیر"),
        "fi": ("Kyllä", "Ei"),
        "fil": ("Oo", "Hindi"),
        "fr": ("Oui", "Non"),
        "he": ("כן", "לא"),
        "hi": ("हाँ", "नहीं"),
        "hr": ("Da", "Ne"),
        "ht": ("Wi", "Non"),
        "hu": ("Igen", "Nem"),
        "id": ("Iya", "Tidak"),
        "is": ("Já", "Nei"),
        "it": ("Sì", "No"),
        "ja": ("はい", "いいえ"),
        "ka": ("დიახ", "არა"),
        "kk": ("Иә", "Жоқ"),
        "ko": ("예", "아니오"),
        "lt": ("Taip", "Ne"),
        "lv": ("Jā", "Nē"),
        "mk": ("Да", "Не"),
        "ms": ("Ya", "Tidak"),
        "nl": ("Ja", "Nee"),
        "nl-BE": ("Ja", "Nee"),
        "no": ("Ja", "Nei"),
        "pl": ("Tak", "Nie"),
        "pt": ("Sim", "Não"),
        "pt-br": ("Sim", "Não"),
        "ro": ("da", "Nu"),
        "ru": ("Да", "Нет"),
        "sk": ("Áno", "Nie"),
        "sl": ("Da", "Ne"),
        "sr": ("Da", "Ne"),
        "sv": ("Ja", "Nej"),
        "sw": ("Ndio", "Hapana"),
        "tel": ("అవును", "లేదు"),
        "th": ("ใช่", "ไม่ใช่"),
        "tr": ("Evet", "Hayır"),
        "uk": ("Так", "Ні"),
        "vi": ("Có", "Không"),
        "zh-cn": ("是", "否"),
        "zh-tw": ("是的", "不"),
    ]

    /// The words for a language code (`fr`, `pt-BR`): its own, else its base
    /// language's (`pt`), else English.
    static func words(for language: String?) -> (yes: String, no: String) {
        let code = (language ?? "en").lowercased()
        let base = String(code.prefix { $0 != "-" && $0 != "_" })
        return byLocale[code] ?? byLocale[base] ?? ("Yes", "No")
    }
}

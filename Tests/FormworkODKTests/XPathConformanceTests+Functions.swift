@testable import FormworkODK

/// The vectors of ODK's functions that were refused until JavaRosa's ways of computing
/// them were followed: places, hashes and signatures, the fraction of a day, chance.
/// Recorded from the oracle like the others (`XPathConformanceTests`).
extension XPathConformanceTests {
    static let signed =
        "y80uQVu5wVZZdKLd6g18YJh6HS4qLrN9gMelX6ajdHjZEpreKRsVeT+HAY/Oi0YtXb4F29KPvCEAWrZEE06jCmjDqWxsbywgd29ybGQ="
    static let signer = "A6EHv/POEL4dcN0Y50vAmWfk1jCbpQ1fHdyGZBJVMbg="
    static let stranger = "ebVWLo/mVPlAeLES6KmLp5AfhTrmlb7X4OORC60ElmQ="

    static let functionVectors: [Vector] = [
        // Places: JavaRosa's GeoUtils (a sphere of the equatorial radius); an empty one is 0 0
        v("distance(${tr})", [.answered: "3060.8609265540877", .unanswered: "0"]),
        v("distance(${sh})", [.answered: "3097.093219579733", .unanswered: "0"]),
        v("area(${sh})", [.answered: "378299.4248766622", .unanswered: "0"]),
        v("enclosed-area(${sh})", [.answered: "378299.4248766622"]),
        v("area(${tr})", [.answered: "377956.79396736785"]),
        v("area(${geo})", [.answered: "0"]),
        v("distance('52.37 4.89; 52.38 4.90')", [.answered: "1304.2365096751716"]),
        v("distance('52.37 4.89; 52.38 4.90;')", [.answered: "1304.2365096751716"]),
        v("distance(${geo}, '52.38 4.90')", [.answered: "1304.2365096751716", .unanswered: "5848825.805204069"]),
        v("distance(${geo})", [.answered: "0", .unanswered: "0"]),
        v("distance(concat(${tr}, '; 52.4 4.95'))", [.answered: "5382.933970829953"]),
        c("geofence('52.372 4.898', ${sh})", [.answered: "true", .unanswered: "false"]),
        c("geofence('52.378 4.891', ${sh})", [.answered: "false"]),
        c("geofence(${geo}, ${sh})", [.answered: "true", .unanswered: "false"]),
        // Hashes of the text's UTF-8 bytes; an unanswered question is ''
        t(
            "digest(${txt}, 'SHA-256', 'hex')",
            [
                .answered: "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824",
                .unanswered: "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
                .numeric: "ef2d127de37b942baad06145e54b0c619a1f22327b2ebbcfbec78f5564afe39d",
            ]),
        t("digest(${txt}, 'MD5')", [.answered: "XUFAKrxLKna5cZ2REBfFkg==", .unanswered: "1B2M2Y8AsgTpgAmY7PhCfg=="]),
        t(
            "digest(${num}, 'sha1', 'HEX')",
            [
                .answered: "ac3478d69a3c81fa62e60f5c3696165a4e5e6ac4",
                .numeric: "b6589fc6ab0dc82cf12099d1c2d40ab994e8410c",
            ]),
        t(
            "digest(concat(${txt}, 'é'), 'SHA-512', 'base64')",
            [.answered: "u5yyDXITcYU/1McpuUULv7DomRr90v3wu9oI96Q+mhlyiQWeBnO6lzJbdy5UQfoKFrJMfUtGkunef0cRhI1rxg=="]),
        t("digest('', 'SHA-384')", [.answered: "OLBgp1GsljhM2TJ+sbHjaiH9txEUvgdDTAzHv2P24donTt6/529l+9Ua0vFImLlb"]),
        t(
            "digest(${d}, 'S-H-A-2-5-6', 'hex')",
            [
                .answered: "2b65ec693644068605c58315fc62d32e4eff6b2f515de973ce63f5bc6e3dcadf",
                .unanswered: "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
            ]),
        t("digest(${multi}, 'md5', 'hex')", [.answered: "d54ec4f539bf8e761d51d04ab96958da"]),
        t("digest(${dec} * 2, 'SHA1', 'hex')", [.answered: "ac3478d69a3c81fa62e60f5c3696165a4e5e6ac4"]),
        // A message signed with Ed25519, read when the signature holds
        t("extract-signed('\(signed)', '\(signer)')", [.answered: "héllo, world"]),
        t("extract-signed('\(signed)', '\(stranger)')", [.answered: ""]),
        t("extract-signed(${txt}, '\(signer)')", [.answered: "", .unanswered: ""]),
        // The fraction of a day: JavaRosa divides milliseconds since 1970 by a day's
        v("decimal-time(${t})", [.answered: "0.6041666666678793", .unanswered: ""]),
        v("decimal-time(${dt})", [.answered: "0.5729166666678793", .unanswered: ""]),
        v("decimal-time(${d})", [.answered: "0"]),
        v("decimal-time(${dec})", [.answered: "0.5", .numeric: "0.5"]),
        v("decimal-time(${num} div 4)", [.answered: "0.25", .numeric: "0"]),
        v("decimal-time('2024-02-29T06:00:00')", [.answered: "0.25"]),
        // Chance: so many characters of 0-9 and A-Z; a number from 0 up to 1
        v("string-length(uuid(${num}))", [.answered: "5", .unanswered: "0", .numeric: "0"]),
        v("string-length(uuid(7.9))", [.answered: "7"]),
        v("string-length(uuid(-3))", [.answered: "0"]),
        c("regex(uuid(12), '[0-9A-Z]{12}')", [.answered: "true"]),
        c("uuid(8) = uuid(8)", [.answered: "false"]),
        c("random() >= 0 and random() < 1", [.answered: "true"]),
        c("random() = random()", [.answered: "false"]),
        // A seeded shuffle: JavaRosa's Fisher-Yates with a Park-Miller generator
        t("join(' ', randomize(${name}, 1))", [.answered: "y x"]),
        t("join(' ', randomize(${name}, 42))", [.answered: "x y"]),
        t("join(' ', randomize(${name}, 'abc'))", [.answered: "x y"]),
        t("join(' ', randomize(${name}, ${txt}))", [.answered: "x y", .unanswered: ""]),
        t("join(' ', randomize(${name}, ${num}))", [.answered: "x y"]),
        t("join(' ', randomize(${name}, -7))", [.answered: "x y"]),
        t("join(' ', randomize(${name}, 2.9))", [.answered: "y x"]),
        t("join(' ', randomize(${name}, 12345678901))", [.answered: "x y"]),
        t("concat(randomize(${name}, 3))", [.answered: "yx"]),
        v("sum(randomize(${f}, 5))", [.answered: "7", .unanswered: "0"]),
        t("join(' ', randomize(${multi}, 1))", [.answered: "a c"]),
        v("count(randomize(${f}))", [.answered: "2", .unanswered: "0"]),
        // Inside an expression, once() of what reads no answer is the value itself while the question
        // it is written at is empty (JavaRosa's once() gives that question's value otherwise)
        c("once(today()) = today()", [.unanswered: "true"]),
    ]
}

/// The vocabulary posts are made of.
enum Words {
    static let firstNames = [
        "Ada", "Bruno", "Chen", "Dara", "Elif", "Femi", "Greta", "Hiro", "Ines", "Jonas", "Kemal", "Lena", "Mateo",
        "Nadia", "Omar", "Priya", "Quinn", "Rosa", "Sven", "Tara", "Umar", "Vera", "Wen", "Ximena", "Yusuf", "Zoe",
    ]

    static let lastNames = [
        "Abara", "Berg", "Costa", "Dubois", "Eriksen", "Fontaine", "Garcia", "Haddad", "Ito", "Jensen", "Kowalski",
        "Lindqvist", "Moreau", "Nakamura", "Okafor", "Petrov", "Quispe", "Rossi", "Silva", "Tanaka", "Ueda",
        "Varga", "Weber", "Xu", "Yilmaz", "Zhang",
    ]

    static let common = [
        "the", "morning", "light", "over", "harbour", "coffee", "with", "friends", "after", "long", "week", "finally",
        "finished", "project", "we", "shipped", "today", "new", "release", "is", "out", "and", "it", "feels",
        "great", "running", "along", "river", "before", "rain", "started", "best", "noodles", "in", "town", "who",
        "else", "saw", "sunset", "last", "night", "train", "was", "late", "again", "but", "view", "from", "bridge",
        "made", "up", "for", "it", "reading", "a", "book", "about", "old", "maps", "garden", "tomatoes", "are",
        "ripe", "baked", "bread", "first", "time", "kitchen", "smells", "amazing", "concert", "tickets", "sold",
        "out", "in", "minutes", "tiny", "cat", "found", "box", "again", "weekend", "hike", "to", "lake", "water",
        "cold", "clear", "building", "small", "app", "that", "draws", "cells", "off", "main", "thread", "scrolling",
        "smooth", "now", "fresh", "snow", "on", "mountains", "market", "flowers", "bright", "street", "music",
        "late", "summer", "evening", "ferry", "ride", "islands", "through", "fog",
    ]
}

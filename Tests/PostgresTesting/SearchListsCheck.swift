/// Queries that compare a store's search lists (`search_postings`, `search_delta`) with the
/// grams the server computes from each pin's row.
public enum SearchListsCheck {
    /// Two counts: (gram, pin) pairs of the pins' rows missing from the lists (a search
    /// would miss the pin), and pairs the lists name that the rows do not hold (harmless
    /// after an edit or delete; none after a load).
    public static let differences = """
        WITH listed AS (SELECT gram, pinmap_postings(base, ids) AS id FROM search_postings
                        UNION SELECT gram, id FROM search_delta),
             held AS (SELECT g AS gram, id FROM pins,
                             unnest(pinmap_search_grams(pinmap_search_text(title, description, category, properties))) AS g)
        SELECT (SELECT count(*) FROM (SELECT * FROM held EXCEPT SELECT * FROM listed) AS m),
               (SELECT count(*) FROM (SELECT * FROM listed EXCEPT SELECT * FROM held) AS x)
        """
}

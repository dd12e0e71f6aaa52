#!/usr/bin/env python3
"""Deterministic synthetic pin generator for import / query benchmarks.

Copied unchanged (apart from this paragraph) from the project's shared data folder
(shared/data/bench/gen_big.py, "written for this project; Python standard library only").
License: CC0 / public domain, for the script and its output. Seed 42 with 1,000,000 rows
gives 80,244,919 bytes, sha256 4d519c261f65c5ef7cfb94cc77a2e38f298cd788d0256b7a3c2c8952efbbb813.

Writes CSV (UTF-8, LF, RFC 4180 quoting) with the same header as
pins/pins-seoul.csv:

    title,description,category,latitude,longitude,created_at

Rows look like real personal pins: ~25 % are clustered in greater Seoul,
~70 % around 80 other world cities (Gaussian spread of a few km), ~5 %
anywhere on the globe (some fall in the ocean, on purpose). Titles mix
English and Korean; about 1 % contain a comma, a double quote, a tab or an
emoji and ~0.2 % of descriptions hold an embedded newline, so CSV quoting
and UTF-8 paths are exercised; ~17 % of descriptions are
empty; a handful of rows sit exactly on edge values (lat +-90, lon +-180,
0,0).

Only the standard library is used, and only random.Random.random() is
called, so the output is byte-identical for the same --seed and --rows on
any CPython 3.x.

Usage:
    python3 gen_big.py                       # 1,000,000 rows to stdout
    python3 gen_big.py -n 1000000 -s 42 -o /tmp/pins-1m.csv
"""
import argparse
import csv
import math
import random
import sys

# name, lat, lon, relative weight, spread (km, 1 sigma)
CITIES = [
    ("Tokyo", 35.6895, 139.6917, 40, 15), ("Osaka", 34.6937, 135.5023, 15, 10),
    ("Busan", 35.1017, 129.0300, 20, 8), ("Incheon", 37.4565, 126.7052, 12, 6),
    ("Daegu", 35.8714, 128.6014, 8, 6), ("Daejeon", 36.3504, 127.3845, 6, 5),
    ("Gwangju", 35.1595, 126.8526, 5, 5), ("Jeju", 33.4996, 126.5312, 10, 12),
    ("Gangneung", 37.7519, 128.8761, 4, 5), ("Gyeongju", 35.8562, 129.2247, 4, 4),
    ("Jeonju", 35.8242, 127.1480, 4, 4), ("Sokcho", 38.2070, 128.5918, 3, 4),
    ("Beijing", 39.9042, 116.4074, 15, 15), ("Shanghai", 31.2304, 121.4737, 18, 15),
    ("Hong Kong", 22.3193, 114.1694, 12, 6), ("Taipei", 25.0330, 121.5654, 12, 6),
    ("Singapore", 1.3521, 103.8198, 12, 8), ("Bangkok", 13.7563, 100.5018, 14, 10),
    ("Ho Chi Minh City", 10.8231, 106.6297, 8, 8), ("Hanoi", 21.0278, 105.8342, 6, 6),
    ("Da Nang", 16.0544, 108.2022, 6, 5), ("Manila", 14.5995, 120.9842, 6, 8),
    ("Cebu", 10.3157, 123.8854, 4, 5), ("Kuala Lumpur", 3.1390, 101.6869, 5, 8),
    ("Jakarta", -6.2088, 106.8456, 4, 10), ("Bali", -8.4095, 115.1889, 6, 15),
    ("Sapporo", 43.0618, 141.3545, 5, 6), ("Fukuoka", 33.5904, 130.4017, 8, 6),
    ("Kyoto", 35.0116, 135.7681, 8, 5), ("Naha", 26.2124, 127.6809, 4, 8),
    ("Delhi", 28.7041, 77.1025, 4, 15), ("Mumbai", 19.0760, 72.8777, 4, 12),
    ("Dubai", 25.2048, 55.2708, 4, 12), ("Istanbul", 41.0082, 28.9784, 5, 12),
    ("London", 51.5074, -0.1278, 14, 12), ("Paris", 48.8566, 2.3522, 14, 8),
    ("Berlin", 52.5200, 13.4050, 8, 10), ("Munich", 48.1351, 11.5820, 4, 8),
    ("Amsterdam", 52.3676, 4.9041, 6, 6), ("Barcelona", 41.3851, 2.1734, 7, 6),
    ("Madrid", 40.4168, -3.7038, 5, 8), ("Rome", 41.9028, 12.4964, 8, 8),
    ("Florence", 43.7696, 11.2558, 4, 4), ("Venice", 45.4408, 12.3155, 4, 3),
    ("Prague", 50.0755, 14.4378, 5, 6), ("Vienna", 48.2082, 16.3738, 5, 6),
    ("Budapest", 47.4979, 19.0402, 4, 6), ("Zurich", 47.3769, 8.5417, 3, 5),
    ("Lisbon", 38.7223, -9.1393, 4, 6), ("Copenhagen", 55.6761, 12.5683, 3, 6),
    ("Stockholm", 59.3293, 18.0686, 3, 8), ("Helsinki", 60.1699, 24.9384, 2, 6),
    ("Reykjavik", 64.1466, -21.9426, 2, 10), ("Moscow", 55.7558, 37.6173, 3, 15),
    ("Cairo", 30.0444, 31.2357, 2, 10), ("Nairobi", -1.2921, 36.8219, 1, 10),
    ("Cape Town", -33.9249, 18.4241, 2, 10), ("Marrakesh", 31.6295, -7.9811, 2, 6),
    ("New York", 40.7128, -74.0060, 18, 12), ("Los Angeles", 34.0522, -118.2437, 14, 20),
    ("San Francisco", 37.7749, -122.4194, 8, 10), ("Seattle", 47.6062, -122.3321, 4, 10),
    ("Chicago", 41.8781, -87.6298, 5, 12), ("Boston", 42.3601, -71.0589, 3, 8),
    ("Washington", 38.9072, -77.0369, 4, 10), ("Miami", 25.7617, -80.1918, 3, 10),
    ("Las Vegas", 36.1699, -115.1398, 3, 8), ("Honolulu", 21.3069, -157.8583, 5, 10),
    ("Anchorage", 61.2181, -149.9003, 1, 15), ("Vancouver", 49.2827, -123.1207, 5, 10),
    ("Toronto", 43.6532, -79.3832, 5, 12), ("Mexico City", 19.4326, -99.1332, 3, 15),
    ("Cancun", 21.1619, -86.8515, 2, 10), ("Sao Paulo", -23.5505, -46.6333, 2, 15),
    ("Rio de Janeiro", -22.9068, -43.1729, 2, 10), ("Buenos Aires", -34.6037, -58.3816, 2, 12),
    ("Lima", -12.0464, -77.0428, 1, 10), ("Sydney", -33.8688, 151.2093, 10, 15),
    ("Melbourne", -37.8136, 144.9631, 6, 15), ("Auckland", -36.8485, 174.7633, 3, 10),
    ("Guam", 13.4443, 144.7937, 3, 6), ("Suva", -18.1248, 178.4501, 1, 8),
]

# Seoul neighbourhood centres: name, lat, lon, weight, spread km
SEOUL = [
    ("Jongno", 37.5730, 126.9794, 10, 1.5), ("Myeongdong", 37.5636, 126.9827, 8, 0.8),
    ("Hongdae", 37.5563, 126.9236, 10, 1.2), ("Yeonnam", 37.5620, 126.9250, 5, 0.6),
    ("Itaewon", 37.5345, 126.9946, 6, 0.9), ("Gangnam", 37.4979, 127.0276, 10, 1.5),
    ("Seongsu", 37.5446, 127.0557, 8, 0.9), ("Jamsil", 37.5133, 127.1001, 6, 1.2),
    ("Yeouido", 37.5219, 126.9245, 6, 1.0), ("Mapo", 37.5538, 126.9510, 4, 1.2),
    ("Sinchon", 37.5551, 126.9368, 4, 0.8), ("Konkuk Univ.", 37.5404, 127.0692, 3, 0.8),
    ("Mangwon", 37.5560, 126.9060, 3, 0.7), ("Seochon", 37.5800, 126.9700, 3, 0.6),
    ("Euljiro", 37.5660, 126.9910, 4, 0.8), ("Nowon", 37.6542, 127.0568, 2, 2.0),
    ("Mokdong", 37.5264, 126.8750, 2, 1.5), ("Gwanak", 37.4784, 126.9516, 2, 1.5),
    ("Pangyo", 37.3947, 127.1112, 3, 1.5), ("Suwon", 37.2636, 127.0286, 3, 3.0),
    ("Ilsan", 37.6584, 126.7700, 2, 2.5), ("Bundang", 37.3827, 127.1189, 3, 2.0),
]

CATEGORIES = [("cafe", 22), ("food", 30), ("park", 8), ("museum", 5), ("landmark", 7),
              ("shopping", 8), ("bar", 7), ("hotel", 5), ("viewpoint", 4), ("other", 4)]

KO_SYL = "가나다라마바사아자차카타파하강남동서북산해달별빛솔숲온담결루윤슬봄여름가을겨울"
EN_WORDS = ["Blue", "Little", "Golden", "Quiet", "Corner", "Green", "Moon", "Sunny", "Old",
            "Hidden", "Maple", "Stone", "River", "Cloud", "Salt", "Pepper", "Cozy", "North",
            "Cherry", "Velvet", "Paper", "Brick", "Harbor", "Lantern", "Pine", "Copper"]
TEMPLATES = {
    "cafe": ["{en} Coffee", "{en} Roasters", "카페 {ko}", "{ko} 커피", "Cafe {en} {n}", "{en} Bakery & Cafe"],
    "food": ["{ko} 식당", "{ko} 국밥", "{en} Kitchen", "{en} Noodle House", "{ko} 분식", "{en} Bistro", "{ko} 고기집"],
    "park": ["{ko} 공원", "{en} Park", "{ko} 숲길", "{en} Garden"],
    "museum": ["{en} Museum", "{ko} 미술관", "{ko} 박물관", "{en} Gallery"],
    "landmark": ["{ko} 전망대", "{en} Tower", "{en} Gate", "{ko} 다리", "Old {en} Station"],
    "shopping": ["{ko} 시장", "{en} Market", "{en} Books", "{ko} 상점", "{en} Vintage"],
    "bar": ["{en} Bar", "{ko} 포차", "{en} Pub", "{ko} 이자카야"],
    "hotel": ["{en} Hotel", "{ko} 게스트하우스", "{en} Inn"],
    "viewpoint": ["{ko} 전망", "{en} Viewpoint", "{en} Lookout"],
    "other": ["{en} Spot", "{ko} 기억", "Meeting point {n}"],
}
DESCS = ["", "", "", "Went with friends", "친구랑 다시 오기", "Great view at sunset",
         "주말엔 사람 많음", "Try the seasonal menu", "조용하고 좋음", "Open late",
         "Cash only", "재방문 의사 있음", "Good for a rainy day", "웨이팅 30분",
         "Parking is hard", "사진 찍기 좋은 곳", "Closed on Mondays", "첫 데이트 장소"]
ODD = ['Kim\'s "Best" Tteokbokki', "Coffee, Tea & Books", "비 오는 날, 여기", "Cafe ☕ Moon",
       'He said "meet here"', "Tab\there", "🌸 벚꽃 명소"]
EDGE = [(90.0, 0.0), (-90.0, 0.0), (0.0, 180.0), (0.0, -180.0), (0.0, 0.0),
        (89.999999, 179.999999), (-89.999999, -179.999999)]


class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)

    def u(self):
        return self.r.random()

    def idx(self, n):
        return min(int(self.u() * n), n - 1)

    def pick(self, seq):
        return seq[self.idx(len(seq))]

    def weighted(self, items, total):
        x = self.u() * total
        for it in items:
            x -= it[-1] if len(it) == 2 else it[3]
            if x < 0:
                return it
        return items[-1]

    def gauss(self):  # Box-Muller from random() only
        u1 = self.u() or 1e-12
        return math.sqrt(-2.0 * math.log(u1)) * math.cos(2.0 * math.pi * self.u())


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-n", "--rows", type=int, default=1_000_000)
    ap.add_argument("-s", "--seed", type=int, default=42)
    ap.add_argument("-o", "--out", default="-")
    a = ap.parse_args()

    g = Gen(a.seed)
    cw = sum(c[3] for c in CITIES)
    sw = sum(c[3] for c in SEOUL)
    kw = sum(c[1] for c in CATEGORIES)
    t0, t1 = 1420070400, 1767225599  # 2015-01-01 .. 2025-12-31 UTC

    f = sys.stdout if a.out == "-" else open(a.out, "w", encoding="utf-8", newline="")
    w = csv.writer(f, lineterminator="\n")
    w.writerow(["title", "description", "category", "latitude", "longitude", "created_at"])
    for i in range(a.rows):
        x = g.u()
        if i < len(EDGE):
            lat, lon = EDGE[i]
        elif x < 0.25:
            c = g.weighted(SEOUL, sw)
            s = c[4] / 111.0
            lat = c[1] + g.gauss() * s
            lon = c[2] + g.gauss() * s / math.cos(math.radians(c[1]))
        elif x < 0.95:
            c = g.weighted(CITIES, cw)
            s = c[4] / 111.0
            lat = c[1] + g.gauss() * s
            lon = c[2] + g.gauss() * s / math.cos(math.radians(c[1]))
        else:
            lat = math.degrees(math.asin(2.0 * g.u() - 1.0))  # uniform on the sphere
            lon = g.u() * 360.0 - 180.0
        lat = max(-90.0, min(90.0, lat))
        lon = (lon + 180.0) % 360.0 - 180.0 if not -180.0 <= lon <= 180.0 else lon

        cat = g.weighted(CATEGORIES, kw)[0]
        if g.u() < 0.01:
            title = g.pick(ODD)
        else:
            ko = g.pick(KO_SYL) + g.pick(KO_SYL) + ("" if g.u() < 0.6 else g.pick(KO_SYL))
            title = g.pick(TEMPLATES[cat]).format(en=g.pick(EN_WORDS), ko=ko, n=1 + g.idx(99))
        desc = g.pick(DESCS)
        if desc and g.u() < 0.05:
            desc += ", " + g.pick(DESCS[3:])
        elif g.u() < 0.002:
            desc = "1층은 카페\n2층은 갤러리"  # embedded newline inside a quoted field
        ts = t0 + int(g.u() * (t1 - t0))
        d, s = divmod(ts, 86400)
        created = "%sT%02d:%02d:%02dZ" % (_date(d), s // 3600, s % 3600 // 60, s % 60)
        w.writerow([title, desc, cat, "%.6f" % lat, "%.6f" % lon, created])
    if f is not sys.stdout:
        f.close()


def _date(days):  # days since 1970-01-01 -> YYYY-MM-DD (civil_from_days)
    z = days + 719468
    era = z // 146097
    doe = z - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    y = yoe + era * 400
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    dd = doy - (153 * mp + 2) // 5 + 1
    m = mp + 3 if mp < 10 else mp - 9
    return "%04d-%02d-%02d" % (y + (m <= 2), m, dd)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Writes Pinmap's own CSV/GeoJSON import fixtures (byte-exact) into this folder.

Run from anywhere: python3 make_fixtures.py. The files are committed; this script documents
their bytes (BOMs, encodings, line endings) and regenerates them. Every place name and
coordinate here is made up for the tests or is a well-known public landmark; CC0.
The expected results live in the Swift tests (OwnFixtureTests, ImporterTests).
"""
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def put(name, data):
    if isinstance(data, str):
        data = data.encode("utf-8")
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(data)


# --- encodings -------------------------------------------------------------------------
put("enc-utf8-bom-semicolon.csv", b"\xef\xbb\xbf" + (
    "Name;Breitengrad;L\u00e4ngengrad;Beschreibung\r\n"
    "Brandenburger Tor;52,5163;13,3777;Pariser Platz, Mitte\r\n"
    "K\u00f6lner Dom;50,9413;6,9583;Dom, gotisch\r\n").encode("utf-8"))

put("enc-utf16be-bom.csv", b"\xfe\xff" + (
    "title,lat,lon,notes\r\n"
    "Busan Tower,35.1008,129.0324,\ubd80\uc0b0 \ud0c0\uc6cc\r\n"
    "Snow Crab \U0001F980 Stall,35.1587,129.1604,\"fresh, local\"\r\n").encode("utf-16-be"))

put("enc-utf16le-nobom.csv", (
    "name\tlatitude\tlongitude\n"
    "Plain Sixteen\t10.5\t20.25\n").encode("utf-16-le"))

put("enc-windows1252.csv",
    b"name,latitude,longitude,description\n"
    b"Caf\xe9 Cr\xe8me,48.8530,2.3499,\x93quoted\x94 \x80 5\n"
    b"Stra\xdfe,52.52,13.405,gr\xfc\xdfe\n")

put("enc-latin1.csv", b"name,lat,lon\nNi\xf1o\x81,1.5,2.5\n")

put("enc-bom-only.csv", b"\xef\xbb\xbf")

put("enc-utf16le-truncated.csv", b"\xff\xfe" + "name,lat,lon\n".encode("utf-16-le") + b"A")

put("enc-utf16le-lone-surrogate.csv", b"\xff\xfe" + "name,lat,lon\nA".encode("utf-16-le")
    + b"\x00\xd8" + ",1,2\n".encode("utf-16-le"))

put("enc-utf8-bom-invalid.csv", b"\xef\xbb\xbfname,lat,lon\nBad \xff,1,2\n")

# --- lines and quoting -----------------------------------------------------------------
put("lines-mixed-endings.csv",
    b"name,latitude,longitude,notes\n"          # line 1
    b"LF Row,1.0,2.0,lf\r\n"                    # line 2
    b"CRLF Row,3.0,4.0,crlf\r"                  # line 3 (ends with a lone CR)
    b"CR Row,5.0,6.0,cr\n"                      # line 4
    b"\"Multi\r\nLine\",7.0,8.0,\"a\r\nb\nc\"\n"  # lines 5-8
    b"Bad After Multi,9.x,10.0,bad\n"           # line 9: rejected
    b"No Newline,11.0,12.0,end")                # line 10, no final newline

put("quoting-rfc4180.csv",
    b"\"name\",\"lat\",\"lon\",\"note\"\n"                      # line 1: quoted header
    b"\"Comma, Inside\",1,2,\"say \"\"hi\"\"\"\n"             # line 2
    b"Raw 5'10\" Mark,3,4,unquoted quote kept\n"              # line 3
    b"\"Closed\"Early,5,6,text after the closing quote\n"      # line 4
    b"Empty Quoted,7,8,\"\"\n"                                # line 5
    b"\"Line\nBreak\",9,10,\"two\n\nblank inside\"\n")        # lines 6-9

put("quoting-unterminated.csv",
    "name,lat,lon,desc\n"
    "Good,1,2,ok\n"
    "Broken,3,4,\"opens here\n"
    "Never Closed,5,6,x\n")

# --- delimiters ------------------------------------------------------------------------
put("delim-pipe.csv", "name|lat|lon|note\nPipe One|1.25|2.5|a, b; c\nPipe Two|-3.5|4.75|\n")

put("delim-semicolon-quoted.csv",
    "\"name\";\"lat\";\"lon\"\n\"Quai; Nord\";\"45,75\";\"4,85\"\n\"Rue, Sud\";45.76;4.86\n")

put("delim-comma-with-semicolons.csv",
    "name,lat,lon,tags\nAlpha,1,2,a;b;c;d\nBeta,3,4,\"x, y, z\"\nGamma,5,6,e;f\n")

put("delim-tab-decimal-comma.csv",
    "name\tlat\tlon\tnote\nTab One\t12,5\t-3,25\tone, two\nTab Two\t13,75\t-4,5\tthree, four, five\n")

# --- coordinates -----------------------------------------------------------------------
put("coords-decimal.csv",
    "name,lat,lon\n"
    "Plus Sign,+37.5,+127.25\n"
    "Spaces Around, 37.5 , 127.25 \n"
    "Exponent,1.27E1,-1.5e-1\n"
    "Decimal Comma,\"37,5665\",\"126,978\"\n"
    "Leading Dot,.5,-.25\n"
    "Negative Zero,-0,-0.0\n"
    "Many Digits,37.566500000000001,126.97800000000001\n")

put("coords-dms.csv",
    "name,lat,lon\n"
    "Seoul Station,37\u00b033\u203219\u2033N,126\u00b058\u203220\u2033E\n"    # 2
    "Sugar Loaf,S 22\u00b0 56.903',W 43\u00b0 9.367'\n"                         # 3
    "Colon Parts,37:30:00N,127:00:00E\n"                                         # 4
    "Decimal Hemisphere,37.25N,127.5 E\n"                                        # 5
    "Lower Case Hemisphere,37.25n,127.5e\n"                                      # 6 rejected
    "Seconds Too Big,\"37\u00b010'60\"\"N\",127\u00b0E\n"                       # 7
    "Sign And South,\"-37\u00b030'S\",127\u00b0E\n"                             # 8
    "Minus North,-37.5N,127E\n"                                                  # 9
    "Fraction Before Minutes,\"37.5\u00b030'N\",127\u00b0E\n"                   # 10
    "Two Hemispheres,N37.5S,127E\n"                                              # 11
    "Spaces No Marks,37 30,127 0\n"                                              # 12
    "Longitude Wrong Axis,37N,127N\n"                                            # 13
    "Longitude 181,10\u00b0N,181\u00b000'E\n")                                  # 14

put("coords-invalid.csv",
    "name,lat,lon\n"
    "Lower Nan,nan,1\n"            # 2
    "Minus Infinity,1,-Infinity\n"  # 3
    "Upper Hex,0X10,1\n"           # 4
    "Thousands,\"1,000.5\",1\n"    # 5
    "Double Dot,12..5,1\n"         # 6
    "Bare Exponent,1e,1\n"         # 7
    "Dash Only,\u2014,1\n"         # 8
    "Inner Space,12 34,1\n"        # 9
    "Empty Lat,,1\n"               # 10
    "Blank Lon,1,   \n"            # 11
    "Still Fine,1,1\n")            # 12

put("coords-range.csv",
    "name,lat,lon\n"
    "Just Over North,90.0000001,0\n"        # 2
    "Just Over West,0,-180.0000001\n"       # 3
    "East Edge,0,180\n"                     # 4
    "West Edge,0,-180\n"                    # 5
    "North Pole,90,0\n"                     # 6
    "South Pole,-90,0\n"                    # 7
    "Swapped Jeju,126.5312,33.4996\n"       # 8
    "Both Huge,1000,1000\n")                # 9

put("wkt-own.csv",
    "geometry,title\n"
    "POINT(1 2),Tight\n"                        # 2 ok
    "\"Point ( -3.5 4.5 )\",Mixed Case\n"       # 3 ok
    "SRID=4326;point(5 6),Ewkt Lower\n"         # 4 ok
    "POINT Z (7 8 9),With Z\n"                  # 5 ok
    "SRID=3857;POINT(100 200),Web Mercator\n"   # 6 unsupported SRID
    "\"MULTIPOINT ((1 2))\",Multi\n"            # 7 not a point
    "POINT(1),One Number\n"                     # 8 arity
    "POINT(1 2,Unclosed\n"                      # 9 malformed
    "POINT(181 0),Too East\n"                   # 10 range
    "POINT(0 -91),Too South\n"                  # 11 range
    "POINT EMPTY,Empty\n"                       # 12 empty
    ",No Geometry\n")                           # 13 empty

# --- rows ------------------------------------------------------------------------------
put("rows-rules.csv",
    "name,lat,lon,desc,category\n"     # 1
    "Full Row,1,2,d,c\n"               # 2 ok
    "\n"                               # 3 blank
    "   \n"                            # 4 whitespace only
    ",,,,\n"                           # 5 delimiter only
    "Missing Trailing,3,4\n"           # 6 ok (desc, category missing)
    "\"  \",5,6,blank name,c\n"        # 7 blank name
    "Extra Field,7,8,d,c,surplus\n"    # 8 extra non-empty field
    "Extra Empty,9,10,d,c,,\n"         # 9 ok (empty extras)
    "\t\t\n"                           # 10 whitespace only
    "Last,11,12,,\n")                  # 11 ok

put("rows-duplicates.csv",
    "name,lat,lon,desc\n"        # 1
    "Alpha,1.0,2.0,x\n"          # 2
    "Beta,3.0,4.0,y\n"           # 3
    "Alpha,1.0,2.0,other\n"      # 4 differs in desc: kept
    "Beta,3.00,4.000,y\n"        # 5 duplicates line 3
    "\"Multi\n"                  # 6
    "line\",5,6,z\n"             # 7
    "Beta,3,4,y\n"               # 8 duplicates line 3
    "Alpha,1,2,x\n")             # 9 duplicates line 2

# --- columns ---------------------------------------------------------------------------
put("aliases-mixed-case.csv",
    "platform,long_name,  Title , LAT ,Long, NOTES ,Type,Created_At\n"
    "P1,Long Name One,Case Insensitive,12.5,-45.25,spaces around headers,park,2024-05-01\n")

put("aliases-japanese.csv", "名前,緯度,経度,説明\n東京タワー,35.6586,139.7454,展望台\n")

put("aliases-xy.csv", "label,x,y\nGrid Point,127.0,37.0\n")

put("columns-none.csv", "title,platform,long_name,address\nNowhere,P2,Long,1 Main St\n")

put("columns-lat-only.csv", "name,lat,elevation\nHalf,1.0,20\n")

put("columns-no-name.csv", "lat,lon,elevation\n1.0,2.0,20\n")

put("columns-override.csv",
    "label,lat,lon,lat_fixed,lon_fixed\nOverride Point,0,0,37.25,127.5\n")

put("header-only-crlf.csv", "name,lat,lon\r\n")

put("blank-lines-only.csv", "\n\n  \n")

put("empty.csv", b"")

# --- GeoJSON ---------------------------------------------------------------------------
put("points.geojson", """{
  "type": "FeatureCollection",
  "features": [
    {"type": "Feature", "geometry": {"type": "Point", "coordinates": [126.9780, 37.5665]},
     "properties": {"name": "Seoul City Hall"}},
    {"type": "Feature", "geometry": {"type": "Point", "coordinates": [-0.1246, 51.5007, 12.0]},
     "properties": {"title": "Big Ben", "description": "clock tower", "category": "landmark",
                    "created_at": "2024-01-02T03:04:05Z"}},
    {"type": "Feature", "geometry": {"type": "LineString", "coordinates": [[0, 0], [1, 1]]},
     "properties": {"name": "A Line"}},
    {"type": "Feature", "geometry": {"type": "Point", "coordinates": [200, 10]},
     "properties": {"name": "Off The Map"}},
    {"type": "Feature", "geometry": {"type": "Point", "coordinates": [1, 2]},
     "properties": {"description": "no name"}},
    {"type": "Feature", "geometry": null, "properties": {"name": "No Geometry"}}
  ]
}
""")

put("not-a-collection.geojson", '{"type": "Topology", "objects": {}, "arcs": []}\n')  # TopoJSON; a geometry alone is GeoJSON

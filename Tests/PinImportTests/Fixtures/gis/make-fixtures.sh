#!/usr/bin/env bash
# Makes the GIS fixtures with the reference tools (GDAL 3.6 ogr2ogr, PROJ 9.1 cs2cs), once,
# at test-writing time; the test suite reads the files it left and needs neither tool.
# The places are public landmarks; their WGS84 positions were typed here (no data source).
# Run from this folder: bash make-fixtures.sh
set -euo pipefail
cd "$(dirname "$0")"
rm -rf build && mkdir build
export LC_ALL=C.UTF-8

# project SRC_EPSG TARGET_EPSG: "name lat lon" lines on stdin -> "name x y" with x the
# easting (cs2cs prints the target's axis order; northing-first systems are swapped back).
project() {
  local target=$1 northfirst=$2
  while read -r name lat lon; do
    out=$(echo "$lat $lon" | cs2cs -f %.3f EPSG:4326 "EPSG:$target")
    a=$(echo "$out" | awk '{print $1}'); b=$(echo "$out" | awk '{print $2}')
    if [ "$northfirst" = 1 ]; then echo "$name $b $a"; else echo "$name $a $b"; fi
  done
}

# 1. A Korean public-data style CSV in EPSG:5186 (Korea 2000 / Central Belt 2010), metres,
#    X좌표 = easting, Y좌표 = northing (EPSG:5186 lists northing first: swapped).
{
  echo "번호,시설명,소재지,X좌표,Y좌표"
  n=0
  printf '%s\n' "서울특별시청 37.566535 126.977969" "경복궁 37.579617 126.977041" \
                "N서울타워 37.551169 126.988227" "대전역 36.332516 127.434167" |
  project 5186 1 | while read -r name x y; do
    n=$((n+1)); echo "$n,$name,대한민국,$x,$y"
  done
} > korea-5186.csv

# 2. An EPSG:5174 (Korean 1985 / Modified Central Belt) point, x/y columns.
{
  echo "name,x,y"
  echo "Deoksugung 37.565804 126.975146" | project 5174 1 | awk '{print $1","$2","$3}'
} > deoksugung-5174.csv

# 3. UTM zone 52N (EPSG:32652) as a GeoJSON with a legacy "crs" member (GDAL writes it).
{
  echo "name,lat,lon"
  echo "Seongsan Ilchulbong,33.458056,126.942500"
  echo "Dokdo,37.241300,131.866900"
} > build/utm.csv
ogr2ogr -f GeoJSON -s_srs EPSG:4326 -t_srs EPSG:32652 -lco RFC7946=NO -lco COORDINATE_PRECISION=3 \
  -oo X_POSSIBLE_NAMES=lon -oo Y_POSSIBLE_NAMES=lat -oo KEEP_GEOM_COLUMNS=NO \
  utm-32652.geojson build/utm.csv

# 4. British National Grid (EPSG:27700) Shapefile points with a .prj, and the same zipped.
{
  echo "name,kind,lat,lon"
  echo "Big Ben,clock tower,51.500729,-0.124625"
  echo "Edinburgh Castle,castle,55.948595,-3.199990"
  echo "Stonehenge,monument,51.178844,-1.826189"
} > build/bng.csv
ogr2ogr -f "ESRI Shapefile" -s_srs EPSG:4326 -t_srs EPSG:27700 \
  -oo X_POSSIBLE_NAMES=lon -oo Y_POSSIBLE_NAMES=lat -oo KEEP_GEOM_COLUMNS=NO bng-27700.shp build/bng.csv
rm -f bng-27700.zip && zip -q -j bng-27700.zip bng-27700.shp bng-27700.shx bng-27700.dbf bng-27700.prj bng-27700.cpg

# 5. A CP949 Korean attribute table (.dbf with a .cpg), EPSG:5186; the same without the .cpg,
#    its code page in the dbf header's LDID byte (0x79, Korean) instead.
{
  echo "이름,분류,lat,lon"
  echo "창덕궁,궁궐,37.579400,126.991000"
  echo "한강공원,공원,37.528000,126.934000"
} > build/cp949.csv
ogr2ogr -f "ESRI Shapefile" -s_srs EPSG:4326 -t_srs EPSG:5186 -lco ENCODING=CP949 \
  -oo X_POSSIBLE_NAMES=lon -oo Y_POSSIBLE_NAMES=lat -oo KEEP_GEOM_COLUMNS=NO korea-cp949.shp build/cp949.csv
for ext in shp shx dbf prj; do cp "korea-cp949.$ext" "korea-ldid.$ext"; done
printf '\x79' | dd of=korea-ldid.dbf bs=1 seek=29 conv=notrunc status=none

# 6. Lines (skipped with a note) and multipoints as Shapefiles, WGS84 without a .prj.
printf 'id,WKT\n1,"LINESTRING (126.97 37.56,126.98 37.57)"\n2,"LINESTRING (127 37,127.1 37.1)"\n' > build/lines.csv
ogr2ogr -f "ESRI Shapefile" -nlt LINESTRING lines.shp build/lines.csv
printf 'name,WKT\nPair,"MULTIPOINT ((126.97 37.56),(126.98 37.57))"\n' > build/multi.csv
ogr2ogr -f "ESRI Shapefile" -nlt MULTIPOINT multipoint.shp build/multi.csv
rm -f lines.prj multipoint.prj

# 7. A QGIS-style GeoPackage (GDAL writes what QGIS does): a point layer in EPSG:5179
#    (Korea 2000 / Unified CS) with Korean names, a point layer in EPSG:2154 (Lambert-93),
#    a line layer to skip.
{
  echo "name,visited,rating,lat,lon"
  echo "광화문,2024-05-01,4.5,37.575929,126.976849"
  echo "해운대해수욕장,2023-08-15,5,35.158698,129.160384"
} > build/korea.csv
{
  echo "nom,lat,lon"
  echo "Tour Eiffel,48.858370,2.294481"
  echo "Mont-Saint-Michel,48.636063,-1.511457"
} > build/france.csv
rm -f qgis-5179.gpkg
ogr2ogr -f GPKG -s_srs EPSG:4326 -t_srs EPSG:5179 -nln places -oo X_POSSIBLE_NAMES=lon -oo Y_POSSIBLE_NAMES=lat \
  -oo KEEP_GEOM_COLUMNS=NO -oo AUTODETECT_TYPE=YES qgis-5179.gpkg build/korea.csv
ogr2ogr -f GPKG -update -s_srs EPSG:4326 -t_srs EPSG:2154 -nln france -oo X_POSSIBLE_NAMES=lon -oo Y_POSSIBLE_NAMES=lat \
  -oo KEEP_GEOM_COLUMNS=NO qgis-5179.gpkg build/france.csv
ogr2ogr -f GPKG -update -nln roads -nlt LINESTRING -a_srs EPSG:4326 qgis-5179.gpkg build/lines.csv

# 8. A Shapefile whose `description` field the .dbf cut to 10 characters (`descriptio`, as
#    ogr2ogr and QGIS write it), with a `memo` field after it (WGS84, no .prj).
{
  echo "name,description,category,created_at,memo,lat,lon"
  echo "Gwanghwamun,Main gate of Gyeongbokgung,gate,2024-05-01,north side,37.575929,126.976849"
} > build/truncated.csv
ogr2ogr -f "ESRI Shapefile" -oo X_POSSIBLE_NAMES=lon -oo Y_POSSIBLE_NAMES=lat -oo KEEP_GEOM_COLUMNS=NO \
  truncated-names.shp build/truncated.csv

# 9. A Shapefile with integer fields too wide for 32 bits (GDAL writes Integer64 as N(18,0),
#    which shapelib reports as a double field) and a decimal field (WGS84, no .prj).
{
  echo "name,count,big,ratio,lat,lon"
  echo "Wide,7,123456789012345678,0.25,37.5,127.0"
  echo "Negative,-3,-9007199254740993,,37.6,127.1"
} > build/integer64.csv
ogr2ogr -f "ESRI Shapefile" -oo X_POSSIBLE_NAMES=lon -oo Y_POSSIBLE_NAMES=lat -oo KEEP_GEOM_COLUMNS=NO \
  -oo AUTODETECT_TYPE=YES integer64.shp build/integer64.csv

# A UTF-8 table without its .cpg whose field name GDAL cut at 10 bytes inside a character
# (도로명주소상세 → 도로명 and the first byte of 주).
printf 'WKT,시설명,도로명주소상세,설명\n"POINT (127 37.5)",시청,세종대로 110,서울시청\n' > build/utf8-cut-name.csv
ogr2ogr -f "ESRI Shapefile" -lco ENCODING=UTF-8 -oo KEEP_GEOM_COLUMNS=NO utf8-cut-name.shp build/utf8-cut-name.csv
rm utf8-cut-name.cpg

# One GEOMETRY table of every kind of feature: points, a line, a polygon, null, POINT EMPTY,
# a MultiPoint and a GeometryCollection of a point and a line.
cat > build/mixed.csv <<'CSV'
WKT,name
"POINT (127.0 37.5)",p
"LINESTRING (127.0 37.5, 127.1 37.6)",l
"POLYGON ((127 37,127.1 37,127.1 37.1,127 37))",g
,nul
"POINT EMPTY",empty
"MULTIPOINT ((127.2 37.2),(127.3 37.3))",mp
"GEOMETRYCOLLECTION (POINT (127.4 37.4), LINESTRING (127 37, 128 38))",gc
CSV
ogr2ogr -f GPKG mixed-geometry.gpkg build/mixed.csv -nln mixed -a_srs EPSG:4326 -oo KEEP_GEOM_COLUMNS=NO

# The reference: each fixture point back to WGS84 by cs2cs (lon, lat), what the importer must
# match within 1 m. One line per pin: file<TAB>title<TAB>longitude<TAB>latitude.
inverse() {  # EPSG x y (x = easting) -> "lon lat"
  local src=$1 x=$2 y=$3 northfirst=$4
  local input="$x $y"; [ "$northfirst" = 1 ] && input="$y $x"
  echo "$input" | cs2cs -f %.9f "EPSG:$src" EPSG:4326 | awk '{print $2"\t"$1}'
}
{
  tail -n +2 korea-5186.csv | while IFS=, read -r n name place x y; do
    printf 'korea-5186.csv\t%s\t%s\n' "$name" "$(inverse 5186 "$x" "$y" 1)"; done
  tail -n +2 deoksugung-5174.csv | while IFS=, read -r name x y; do
    printf 'deoksugung-5174.csv\t%s\t%s\n' "$name" "$(inverse 5174 "$x" "$y" 1)"; done
  ogrinfo -q -al utm-32652.geojson | awk '/name \(String\)/{sub(/.*= /,""); n=$0} /POINT/{gsub(/[()]/,""); print n"\t"$2"\t"$3}' |
    while IFS=$'\t' read -r name x y; do printf 'utm-32652.geojson\t%s\t%s\n' "$name" "$(inverse 32652 "$x" "$y" 0)"; done
  for f in bng-27700:27700:0 korea-cp949:5186:1; do
    file=${f%%:*}; rest=${f#*:}; epsg=${rest%%:*}; northfirst=${rest##*:}
    ogrinfo -q -al "$file.shp" | awk '/(name|이름) \(String\)/{sub(/.*= /,""); n=$0} /POINT/{gsub(/[()]/,""); print n"\t"$2"\t"$3}' |
      while IFS=$'\t' read -r name x y; do printf '%s.shp\t%s\t%s\n' "$file" "$name" "$(inverse "$epsg" "$x" "$y" "$northfirst")"; done
  done
  for l in places:5179:name france:2154:nom; do
    layer=${l%%:*}; rest=${l#*:}; epsg=${rest%%:*}; col=${rest##*:}
    ogrinfo -q qgis-5179.gpkg "$layer" | awk -v c="$col" '$1==c && /\(String\)/{sub(/.*= /,""); n=$0} /POINT/{gsub(/[()]/,""); print n"\t"$2"\t"$3}' |
      while IFS=$'\t' read -r name x y; do
        # EPSG:5179 lists northing first in its definition; ogrinfo prints GIS order (easting first).
        printf 'qgis-5179.gpkg\t%s\t%s\n' "$name" "$(inverse "$epsg" "$x" "$y" $([ "$epsg" = 5179 ] && echo 1 || echo 0))"; done
  done
} > cs2cs-reference.tsv
rm -rf build

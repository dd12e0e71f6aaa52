#!/usr/bin/env bash
# The legacy CJK encoding fixtures (enc-cp949-excel.csv, enc-shiftjis.csv, enc-eucjp.csv,
# enc-gb18030.csv, enc-big5.csv): UTF-8 text written here, converted with glibc iconv.
# Place names and coordinates are facts; the files are CC0. Run from this folder.
set -euo pipefail
# Excel on Korean Windows: "CSV (쉼표로 분리)" is CP949 with CRLF line ends.
printf '이름,위도,경도,설명\r\n남산서울타워,37.5512,126.9882,"전망대, 케이블카"\r\n경복궁,37.5796,126.9770,조선 왕궁\r\n똠얌꿍 식당,37.5400,127.0000,UHC 전용 글자 똠\r\n' \
  | iconv -f UTF-8 -t CP949 > enc-cp949-excel.csv
printf 'name,lat,lon\n東京タワー,35.6586,139.7454\n浅草寺,35.7148,139.7967\n' | iconv -f UTF-8 -t SHIFT_JIS > enc-shiftjis.csv
printf 'name,lat,lon\n東京タワー,35.6586,139.7454\n浅草寺,35.7148,139.7967\n' | iconv -f UTF-8 -t EUC-JP > enc-eucjp.csv
printf 'name,lat,lon\n天安门广场,39.9055,116.3976\n故宫博物院,39.9163,116.3972\n' | iconv -f UTF-8 -t GB18030 > enc-gb18030.csv
printf 'name,lat,lon\n臺北101大樓,25.0340,121.5645\n國立故宮博物院,25.1024,121.5485\n' | iconv -f UTF-8 -t BIG5 > enc-big5.csv

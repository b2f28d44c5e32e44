/* 30 clauses on BEGIN for bench/startup.sh: parse, check and enable cost. */
int n;

BEGIN /n == 0/ { n = 1; }
BEGIN /n == 1/ { n = 2; }
BEGIN /n == 2/ { n = 3; }
BEGIN /n == 3/ { n = 4; }
BEGIN /n == 4/ { n = 5; }
BEGIN /n == 5/ { n = 6; }
BEGIN /n == 6/ { n = 7; }
BEGIN /n == 7/ { n = 8; }
BEGIN /n == 8/ { n = 9; }
BEGIN /n == 9/ { n = 10; }
BEGIN /n == 10/ { n = 11; }
BEGIN /n == 11/ { n = 12; }
BEGIN /n == 12/ { n = 13; }
BEGIN /n == 13/ { n = 14; }
BEGIN /n == 14/ { n = 15; }
BEGIN /n == 15/ { n = 16; }
BEGIN /n == 16/ { n = 17; }
BEGIN /n == 17/ { n = 18; }
BEGIN /n == 18/ { n = 19; }
BEGIN /n == 19/ { n = 20; }
BEGIN /n == 20/ { n = 21; }
BEGIN /n == 21/ { n = 22; }
BEGIN /n == 22/ { n = 23; }
BEGIN /n == 23/ { n = 24; }
BEGIN /n == 24/ { n = 25; }
BEGIN /n == 25/ { n = 26; }
BEGIN /n == 26/ { n = 27; }
BEGIN /n == 27/ { n = 28; }
BEGIN /n == 28/ { n = 29; }
BEGIN /n == 29/ { exit(0); }

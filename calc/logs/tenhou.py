"""Facts of Tenhou's record formats that both readers share: tile codes, lobby bits, yaku and draw names.

One place for the format facts (STYLE.md, habit 10); the readers only parse syntax.
"""

from __future__ import annotations

from calc.core import tiles as T
from calc.core.notation import Tile
from calc.table import play as P

# --- tiles -------------------------------------------------------------------------------------
# mjlog: ids 0-135, four copies per tile value, id // 4 is the value (0-33). The red fives are the
# first copy of each five: 16 (5m, absent in sanma), 52 (5p) and 88 (5s); checked against the
# shared logs, where every 0p is id 52 and every 0s is id 88.
RED_IDS = frozenset({16, 52, 88})
MJLOG_TILES: tuple[Tile, ...] = tuple((i // 4, i in RED_IDS) for i in range(136))

# tenhou.net/6: 11-19 m, 21-29 p, 31-39 s, 41-47 z; 51/52/53 are the red 5m/5p/5s; 60 in a discard
# column means "the tile just drawn" (tsumogiri).
TSUMOGIRI = 60
TENHOU6_TILES: dict[int, Tile] = {}
for _suit in range(3):
    for _n in range(9):
        TENHOU6_TILES[(_suit + 1) * 10 + _n + 1] = (_suit * 9 + _n, False)
    TENHOU6_TILES[51 + _suit] = (_suit * 9 + 4, True)
for _n in range(7):
    TENHOU6_TILES[41 + _n] = (T.HONOR + _n, False)

# --- lobby type (mjlog <GO type=...>) -----------------------------------------------------------
VS_HUMAN, NO_RED, NO_KUITAN, HANCHAN, SANMA_TABLE, TOKUJOU, FAST, JOUKYUU = (1 << b for b in range(8))
LEVELS = {0: "ippan", JOUKYUU: "joukyuu", TOKUJOU: "tokujou", JOUKYUU | TOKUJOU: "houou"}
# tenhou.net/6 writes the lobby as a short name: 三鳳南喰赤 = sanma, phoenix, south game, kuitan, red.
DISP_LEVELS = {"般": 0, "上": JOUKYUU, "特": TOKUJOU, "鳳": JOUKYUU | TOKUJOU}


def lobby_from_disp(disp: str) -> int | None:
    """The <GO type> bits a tenhou.net/6 `rule.disp` names, or None when it is not a Tenhou lobby.

    The vs-human bit is not in the short name; every ranked lobby has it, so it is set.
    """
    rest = disp
    bits = VS_HUMAN
    if rest.startswith("三"):
        bits |= SANMA_TABLE
        rest = rest[1:]
    if not rest or rest[0] not in DISP_LEVELS:
        return None
    bits |= DISP_LEVELS[rest[0]]
    rest = rest[1:]
    if rest[:1] == "南":
        bits |= HANCHAN
    elif rest[:1] != "東":
        return None
    rest = rest[1:]
    if "喰" not in rest:
        bits |= NO_KUITAN
    if "赤" not in rest:
        bits |= NO_RED
    if "速" in rest:
        bits |= FAST
    if set(rest) - set("喰赤速"):
        return None
    return bits


# --- yaku (mjlog ids; tenhou.net/6 writes the Japanese name) -----------------------------------
YAKU_NAMES: tuple[str, ...] = (
    "門前清自摸和", "立直", "一発", "槍槓", "嶺上開花", "海底摸月", "河底撈魚", "平和", "断幺九", "一盃口",
    "自風 東", "自風 南", "自風 西", "自風 北", "場風 東", "場風 南", "場風 西", "場風 北",
    "役牌 白", "役牌 發", "役牌 中", "両立直", "七対子", "混全帯幺九", "一気通貫", "三色同順", "三色同刻",
    "三槓子", "対々和", "三暗刻", "小三元", "混老頭", "二盃口", "純全帯幺九", "混一色", "清一色", "人和",
    "天和", "地和", "大三元", "四暗刻", "四暗刻単騎", "字一色", "緑一色", "清老頭", "九蓮宝燈", "純正九蓮宝燈",
    "国士無双", "国士無双１３面", "大四喜", "小四喜", "四槓子", "ドラ", "裏ドラ", "赤ドラ",
)
YAKU_IDS = {name: i for i, name in enumerate(YAKU_NAMES)}
YAKUMAN_HAN = 13  # Tenhou reports each yakuman as 13 han (no double yakuman, rules.md §3)

# The limit code of <AGARI ten="fu,points,limit"> and the words tenhou.net/6 writes for it.
TENHOU6_LIMITS = {"満貫": 1, "跳満": 2, "倍満": 3, "三倍満": 4, "役満": 5, "数え役満": 5}

# --- draws (ryuukyoku) ----------------------------------------------------------------------------
# Tenhou's words for a hand's end -> ours (calc.table.play); the last three only a four-player table has.
_FOUR_RIICHI, _TRIPLE_RON, _FOUR_WINDS = P.FOUR_PLAYER_ABORTS
MJLOG_DRAWS = {
    None: P.EXHAUSTIVE,
    "yao9": P.NINE_TERMINALS,
    "nm": P.NAGASHI,
    "kan4": P.FOUR_KANS,
    "reach4": _FOUR_RIICHI,
    "ron3": _TRIPLE_RON,
    "kaze4": _FOUR_WINDS,
}
TENHOU6_DRAWS = {
    "流局": P.EXHAUSTIVE,
    "全員聴牌": P.EXHAUSTIVE,
    "全員不聴": P.EXHAUSTIVE,
    "九種九牌": P.NINE_TERMINALS,
    "流し満貫": P.NAGASHI,
    "四槓散了": P.FOUR_KANS,
    "四家立直": _FOUR_RIICHI,
    "三家和了": _TRIPLE_RON,
    "四風連打": _FOUR_WINDS,
}
WIN_WORD = "和了"
# The shipped profile of Tenhou's own rules, which decide what its records' play means (ippatsu, ron on a north)
PROFILE = "tenhou"
SEATS = 4  # tenhou.net/6 always has four seats; a sanma record leaves the fourth empty

# Round: mjlog/tenhou.net/6 number the hands 0-3 East, 4-7 South, 8-11 West, also in sanma
# (the shared logs go 0, 1, 2, 4, ...): wind = raw // 4, hand number = raw % 4 + 1.

# Seat of the player a call came from: Tenhou keeps four-seat arithmetic in sanma (seat 3 is empty),
# relative 1 = next seat (shimocha), 2 = across (toimen), 3 = previous (kamicha).
def seat_from_relative(seat: int, relative: int) -> int:
    return (seat + relative) % 4


# Our yaku names (calc.yaku) by Tenhou id; several Tenhou ids name one of ours (a yakuman's
# 13-wait / tanki / pure form counts once under the `tenhou` profile). Dora, ura and red fives are
# separate counts in our Evaluation; Tenhou folds extracted norths into its "dora".
DORA_ID, URA_ID, AKA_ID = 52, 53, 54
OUR_YAKU: dict[int, str] = {
    0: "menzen_tsumo", 1: "riichi", 2: "ippatsu", 3: "chankan", 4: "rinshan_kaihou", 5: "haitei",
    6: "houtei", 7: "pinfu", 8: "tanyao", 9: "iipeikou", 10: "seat_wind_east", 11: "seat_wind_south",
    12: "seat_wind_west", 13: "north", 14: "round_wind_east", 15: "round_wind_south", 16: "round_wind_west",
    17: "north", 18: "haku", 19: "hatsu", 20: "chun", 21: "double_riichi", 22: "chiitoitsu", 23: "chanta",
    24: "ittsu", 25: "sanshoku_doujun", 26: "sanshoku_doukou", 27: "sankantsu", 28: "toitoi", 29: "sanankou",
    30: "shousangen", 31: "honroutou", 32: "ryanpeikou", 33: "junchan", 34: "honitsu", 35: "chinitsu",
    36: "renhou", 37: "tenhou", 38: "chiihou", 39: "daisangen", 40: "suuankou", 41: "suuankou",
    42: "tsuuiisou", 43: "ryuuiisou", 44: "chinroutou", 45: "chuuren", 46: "chuuren", 47: "kokushi",
    48: "kokushi", 49: "daisuushii", 50: "shousuushii", 51: "suukantsu",
    DORA_ID: "dora", URA_ID: "ura", AKA_ID: "aka",
}
# Our name of a yaku -> its Tenhou id (the lowest, where two ids mean one yaku): what the writers write.
YAKU_ID: dict[str, int] = {}
for _id, _name in sorted(OUR_YAKU.items()):
    YAKU_ID.setdefault(_name, _id)


# --- final points ------------------------------------------------------------------------------
def final_rounding(final_points: tuple[float, ...] | None) -> str | None:
    """The rounding of a Tenhou log's final points, told from the points it states.

    Tenhou once gave whole points (a remainder of 500 or less down, 600 or more up, first place
    taking the difference; profile key `final_rounding: integer`) and now gives one decimal. When
    every stated point is whole, the integer rule reproduces them whichever rule the log was made
    under: a whole (score - return) / 1000 leaves no remainder for either rule to round, and first
    place takes the difference in both. So the log's own numbers pick the rule, for logs of any
    date, and no change date is needed.
    """
    if not final_points:
        return None
    return "integer" if all(float(p).is_integer() for p in final_points) else "one-decimal"

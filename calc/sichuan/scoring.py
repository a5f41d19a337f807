"""One Sichuan hand as `sanma hand --rules sichuan` describes it: read, scored, paid."""

from __future__ import annotations

from dataclasses import dataclass

from calc.core.errors import IllegalHandError
from calc.sichuan import hand as H
from calc.sichuan.fan import FanResult, WinContext, payment_each, score
from calc.sichuan.rules import SichuanRules


@dataclass(frozen=True)
class HandScore:
    rules: SichuanRules
    hand: H.Hand
    void: int | None
    context: WinContext
    result: FanResult
    each: int  # what each payer pays
    payers: int  # the discarder, or every other player (all still in)

    @property
    def total(self) -> int:
        return self.each * self.payers


def score_hand(text: str, rules: SichuanRules, context: WinContext, *, void: str | None = None,
               win: str | None = None) -> HandScore:
    """A winning hand's fan and payment; a tsumo is paid by every other player, as if all were still in."""
    void_suit = H.parse_void(void) if void is not None else None
    hand = H.read(text, void=void_suit, winning=True, win=win)
    result = score(hand, context, rules)
    payers = rules.game.players - 1 if context.tsumo else 1
    return HandScore(rules, hand, void_suit, context, result, payment_each(result, rules, tsumo=context.tsumo),
                     payers)


def context_from_flags(*, tsumo: bool, kong_replacement: bool, kong_discard: bool, rob_kong: bool, haitei: bool,
                       houtei: bool, heavenly: bool, earthly: bool) -> WinContext:
    """`sanma hand` flags -> a WinContext: --rinshan, --chankan, --haitei/--houtei, --tenhou/--chiihou
    are the same situations in Sichuan (杠上花, 抢杠胡, 海底, 天胡/地胡)."""
    if haitei and not tsumo:
        raise IllegalHandError("--haitei is a tsumo on the last tile; for a ron on the last discard use --houtei")
    if houtei and tsumo:
        raise IllegalHandError("--houtei is a ron on the last discard; for a tsumo on the last tile use --haitei")
    return WinContext(tsumo=tsumo, kong_replacement=kong_replacement, kong_discard=kong_discard, rob_kong=rob_kong,
                      last_tile=haitei or houtei, heavenly=heavenly, earthly=earthly)


def reject_sanma_flags(given: dict[str, object]) -> None:
    """`sanma hand` flags that mean nothing in Sichuan (riichi, dora, winds, honba, ...) are an error, not ignored."""
    used = [flag for flag, value in given.items() if value]
    if used:
        raise IllegalHandError(f"{used[0]} has no meaning in Sichuan (no riichi, dora, winds, honba or sticks); "
                               f"leave it out")

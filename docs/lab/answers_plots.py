"""Draws the plots of docs/lab.md's answers into docs/lab/ from the reports its commands write (``--out lab/...``).

python docs/lab/answers_plots.py [REPORTS [PLOT ...]]    # REPORTS: the folder holding those reports (default:
                                                        # lab); PLOT: roles, exchange, balance, candidates
"""

import json
import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

A = Path(sys.argv[1] if len(sys.argv) > 1 else "lab")
OUT = Path(__file__).parent


def load(name):
    return json.loads((A / name / "figures.json").read_text())


def err(mean, ci):
    return [[mean - ci[0]], [ci[1] - mean]]


# 1. roles: with and without the exchange
def roles():
    series = [
        ("roles-4-100k", "with the exchange", "#0072b2", "o"),
        ("roles-4-noex-100k", "without (-o exchange=false)", "#d55e00", "s"),
    ]
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 4.4))
    for name, label, colour, marker in series:
        rows = load(name)["figures"]["first_winner_lead"]
        few = [r for r in rows if 2 <= r["hands"] <= 12]
        shift = -0.12 if marker == "o" else 0.12
        ax1.errorbar(
            [r["hands"] + shift for r in few],
            [r["hand_excess"] for r in few],
            yerr=[
                [r["hand_excess"] - r["hand_excess_ci95"][0] for r in few],
                [r["hand_excess_ci95"][1] - r["hand_excess"] for r in few],
            ],
            fmt=marker + "-",
            color=colour,
            capsize=3,
            label=label,
        )
        ax2.plot([r["hands"] for r in rows], [r["mean"] for r in rows], color=colour, label=label)
        ax2.fill_between(
            [r["hands"] for r in rows],
            [r["ci95"][0] for r in rows],
            [r["ci95"][1] for r in rows],
            color=colour,
            alpha=0.2,
        )
    ax1.axhline(0, color="grey", lw=0.8)
    ax1.set_title("Edge in that hand alone (95 % interval)")
    ax1.set_xlabel("hand of the match")
    ax1.set_ylabel("winner's points less others' mean")
    ax1.set_xticks(range(2, 13))
    ax1.legend()
    ax2.axhline(0, color="grey", lw=0.8)
    ax2.axhline(1, color="grey", ls=":", lw=0.8)
    ax2.axvline(50, color="grey", ls="--", lw=0.8)
    ax2.text(53, 1.5, "50 hands", color="grey")
    ax2.text(1.1, 1.04, "1 point a hand", color="grey")
    ax2.set_xscale("log")
    ax2.set_title("Lead per hand since hand 1 (95 % band)")
    ax2.set_xlabel("hands played (log scale)")
    ax2.set_ylabel("points per hand over the others' mean")
    ax2.legend()
    fig.suptitle("The Bum Game, 4 players: the first hand's winner's edge (500 matches of 200 hands each)")
    fig.tight_layout()
    fig.savefig(OUT / "roles-first-winner-lead-4.png", dpi=90)
    plt.close(fig)


# 2. exchange: role values in every climbing game
def exchange():
    games = [
        ("exchange-bum-game-3", "The Bum Game, 3"),
        ("exchange-bum-game-4", "The Bum Game, 4"),
        ("exchange-bum-game-5", "The Bum Game, 5"),
        ("exchange-president-4", "President, 4"),
        ("exchange-arsehole-4", "Arsehole, 4"),
        ("exchange-zheng-shangyou-5", "Zheng Shangyou, 5"),
    ]
    fig, axes = plt.subplots(2, 3, figsize=(12, 6.6))
    for ax, (name, title) in zip(axes.flat, games, strict=False):
        f = load(name)["figures"]
        roles = f["roles"]
        x = list(range(len(roles)))
        if f["surely_monotone"]:
            mono = "monotone"
        elif any(g["ci95"][1] < 0 for g in f["gaps"]):
            mono = "NOT monotone"
        else:
            mono = "middle roles level"
        ax.errorbar(
            x,
            [r["mean_points"] for r in roles],
            yerr=[
                [r["mean_points"] - r["ci95"][0] for r in roles],
                [r["ci95"][1] - r["mean_points"] for r in roles],
            ],
            fmt="o-",
            color="#0072b2",
            capsize=4,
            label="preset",
        )
        if name == "exchange-president-4":
            g = load("exchange-president-4-bossleads")["figures"]["roles"]
            ax.errorbar(
                x,
                [r["mean_points"] for r in g],
                yerr=[[r["mean_points"] - r["ci95"][0] for r in g], [r["ci95"][1] - r["mean_points"] for r in g]],
                fmt="s--",
                color="#d55e00",
                mfc="none",
                capsize=4,
                label="-o leader=boss",
            )
            ax.legend(fontsize=8)
        ax.axhline(f["fair_share"], color="grey", ls="--", lw=0.8)
        ax.set_xticks(x)
        ax.set_xticklabels([r["role"].replace("Vice-", "Vice-\n") for r in roles], fontsize=8)
        ax.set_title(f"{title}: {mono}", fontsize=10)
        ax.set_ylabel("points per hand")
    fig.suptitle(
        "Mean points per hand by role, 95 % intervals (most narrower than the markers); dashed: fair share"
    )
    fig.tight_layout()
    fig.savefig(OUT / "exchange-role-values.png", dpi=85)
    plt.close(fig)


# 3. balance: Gin Bummy's first player, Boojum's seats
def balance():
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(10, 4.2))
    ns = [2, 3, 4]
    rates = [load(f"balance-gin-bummy-{n}")["figures"]["first_player_wins"] for n in ns]
    ax1.errorbar(
        ns,
        [100 * (r["rate"] - 1 / n) for r, n in zip(rates, ns, strict=True)],
        yerr=[
            [100 * (r["rate"] - r["ci95"][0]) for r in rates],
            [100 * (r["ci95"][1] - r["rate"]) for r in rates],
        ],
        fmt="o",
        color="#0072b2",
        capsize=5,
        label="first player (the dealer)",
    )
    ax1.axhline(0, color="grey", ls="--", lw=0.8, label="fair: wins 1 game in n")
    ax1.set_xticks(ns)
    ax1.set_xlim(1.5, 4.5)
    ax1.set_xlabel("players")
    ax1.set_ylabel("wins % less 100/n (percentage points)")
    ax1.set_title("Gin Bummy: first player's edge (20,000 games each)")
    ax1.legend()
    seats = load("balance-boojum")["figures"]["wins_by_seat"]
    ax2.errorbar(
        [s["seat"] for s in seats],
        [100 * s["rate"] for s in seats],
        yerr=[
            [100 * (s["rate"] - s["ci95"][0]) for s in seats],
            [100 * (s["ci95"][1] - s["rate"]) for s in seats],
        ],
        fmt="o",
        color="#0072b2",
        capsize=5,
        label="wins",
    )
    ax2.axhline(25, color="grey", ls="--", lw=0.8, label="fair: 25 %")
    ax2.set_xticks([s["seat"] for s in seats])
    ax2.set_xlabel("seat")
    ax2.set_ylabel("% of games")
    ax2.set_title("Boojum, 4 players: wins by seat (500 games)")
    ax2.legend()
    fig.suptitle("Seat balance, 95 % intervals")
    fig.tight_layout()
    fig.savefig(OUT / "balance-gin-bummy-boojum.png", dpi=90)
    plt.close(fig)

# 4. revolution: candidate triggers for 6 to 10 players against the authors' 9-11 %
def candidates():
    rows = [r for r in load("revolution-candidates")["figures"]["candidates"] if 6 <= r["players"] <= 10]
    triggers = list(dict.fromkeys(r["trigger"] for r in rows))
    fig, axes = plt.subplots(1, 2, figsize=(11, 5.2), sharey=True)
    for ax, extra in zip(axes, (0, 1), strict=True):
        for k, trigger in enumerate(triggers):
            mine = [r for r in rows if r["trigger"] == trigger and r["jokers"] == r["players"] // 2 + extra]
            ax.plot(
                [r["players"] for r in mine],
                [100 * r["exact_rate"] for r in mine],
                marker="os^vD*"[k % 6],
                label=trigger,
            )
        ax.axhspan(9, 11, color="#009e73", alpha=0.15, label="the authors' aim: 9-11 %")
        ax.set_xticks(range(6, 11))
        ax.set_xlabel("players")
        ax.set_title(f"{'n // 2' if extra == 0 else 'n // 2 + 1'} Jokers")
    axes[0].set_ylabel("revolutions % of deals (exact)")
    handles, labels = axes[0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="lower center", ncol=4, fontsize=8)
    fig.suptitle("The Bum Game: candidate revolution triggers by player count")
    fig.tight_layout(rect=(0, 0.12, 1, 1))
    fig.savefig(OUT / "revolution-candidates.png", dpi=90)
    plt.close(fig)


SECTIONS = {"roles": roles, "exchange": exchange, "balance": balance, "candidates": candidates}
for name in sys.argv[2:] or SECTIONS:
    SECTIONS[name]()

"""``dealerassist drill``: print a trainer drill and its answer (tests, paper quizzes).

``--kind KIND --seed N --json`` prints one JSON object (keys: kind, seed, difficulty, game,
lang, situation, question, answer_format, choices, answer, answer_text, explanation,
rule_ids); without ``--json`` a printable quiz text, the answer and its working at the
end. ``--list`` prints the kinds. The same kind, seed, level and rules give the same drill.
``--certification`` prints a certification run instead: ``trainer.question_count``
questions over every kind at ``--difficulty``, headed by the level's pass mark
(``trainer.pass_mark_<level>``, else ``trainer.pass_mark_percent``), for a paper exam.
"""

from __future__ import annotations

import argparse
import json

from dealerassist.errors import DealerAssistError
from dealerassist.rules import default_rules, load_rules
from dealerassist.trainer.certification import plan_certification
from dealerassist.trainer.difficulty import Difficulty
from dealerassist.trainer.drill import Drill, DrillKind
from dealerassist.trainer.generator import make_drill


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the options of ``drill``."""
    parser.add_argument("--kind", help="drill kind (see --list)")
    parser.add_argument("--seed", type=int, default=0, help="seed (same seed, same drill)")
    parser.add_argument("--difficulty", default=Difficulty.BEGINNER.value,
                        choices=[d.value for d in Difficulty], help="level (default beginner)")
    parser.add_argument("--lang", default="en", choices=["en", "fr"], help="language")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--list", action="store_true", help="list the drill kinds")
    parser.add_argument("--count", type=int, default=1,
                        help="print this many drills, seeds N, N+1... (paper quiz)")
    parser.add_argument("--certification", action="store_true",
                        help="print a certification run at --difficulty (the house's number "
                             "of questions and the level's pass mark)")


def _text(drill: Drill, lang: str, number: int) -> str:
    data = drill.to_json(lang)
    lines = [f"{number}. [{drill.kind.title.get(lang)}]"]
    lines += [f"   {line}" for line in data["situation"]]
    lines.append(f"   {data['question']}")
    # the choices alone: a rule ID beside each would give the answer away
    lines += [f"   {c['letter']}) {c['text']}" for c in data["choices"]]
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    """Print the drill(s); 0 on success."""
    if args.list:
        for kind in DrillKind:
            print(f"{kind.value}\t{kind.title.en}")
        return 0
    rules = load_rules(args.rules) if getattr(args, "rules", None) else default_rules()
    heading = ""
    if args.certification:
        drills = list(plan_certification(rules=rules, seed=args.seed,
                                         difficulty=Difficulty(args.difficulty)))
        mark = rules.trainer.pass_mark_for(args.difficulty)
        heading = (f"Certification, niveau {args.difficulty} : {len(drills)} questions, seuil "
                   f"de réussite {mark} %" if args.lang == "fr" else
                   f"Certification, level {args.difficulty}: {len(drills)} questions, pass "
                   f"mark {mark}%")
    else:
        if not args.kind:
            raise DealerAssistError("drill: give --kind KIND (or --list to see the kinds, "
                                    "--certification for a certification run)")
        if args.count < 1:
            raise DealerAssistError(f"drill: --count must be 1 or more, not {args.count}")
        try:
            drills = [make_drill(args.kind, seed=args.seed + k, difficulty=args.difficulty,
                                 rules=rules) for k in range(args.count)]
        except ValueError as error:
            raise DealerAssistError(f"drill: {error}") from error
    if args.json:
        for drill in drills:
            print(json.dumps(drill.to_json(args.lang), ensure_ascii=False))
        return 0
    if heading:
        print(heading + "\n")
    print("\n\n".join(_text(d, args.lang, k + 1) for k, d in enumerate(drills)))
    heading = "Réponses" if args.lang == "fr" else "Answers"
    print(f"\n\n{heading}\n")
    for k, drill in enumerate(drills, start=1):
        print(f"{k}. {drill.answer_text.get(args.lang)}")
        for line in drill.to_json(args.lang)["explanation"]:
            print(f"   {line}")
    return 0

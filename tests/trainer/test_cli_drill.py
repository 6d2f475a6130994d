"""``dealerassist drill``: the JSON contract, paper quizzes and clear errors."""

from __future__ import annotations

import json

import pytest

from dealerassist.cli.main import main

KEYS = {"kind", "seed", "difficulty", "game", "lang", "situation", "question", "answer_format",
        "choices", "answer", "answer_text", "explanation", "rule_ids"}


def test_drill_json_prints_the_drill_and_its_answer(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["drill", "--kind", "pots", "--seed", "4", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) >= KEYS
    assert data["kind"] == "pots" and data["seed"] == 4
    assert all(set(p) == {"amount", "eligible_seats"} for p in data["answer"])
    assert main(["drill", "--kind", "pots", "--seed", "4", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == data  # same seed, same drill


def test_drill_list_and_a_paper_quiz_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["drill", "--list"]) == 0
    assert "pl-max" in capsys.readouterr().out
    assert main(["drill", "--kind", "bring-in", "--seed", "1", "--count", "3",
                 "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert out.count("Quel siège paie le bring-in ?") == 3 and "Réponses" in out


@pytest.mark.parametrize(("argv", "message"), [
    (["drill", "--kind", "bogus"], "unknown drill kind 'bogus'; choose one of: pl-max"),
    (["drill"], "give --kind KIND"),
    (["drill", "--kind", "rake", "--count", "0"], "--count must be 1 or more"),
])
def test_bad_input_is_one_line_without_a_traceback(
        argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and err.count("\n") == 1


@pytest.mark.parametrize(("kind", "games", "rule"), [
    ("bring-in", {"F7S", "F7S/8", "FR", "F5S"}, {"ST-BRINGIN", "RZ-BRINGIN"}),
    ("stud-first", {"F7S", "F7S/8", "FR", "F5S"}, {"ST-FIRST", "RZ-BRINGIN"}),
    ("draw-first", {"N2L1D", "F2L3D", "FA5L3D", "FA5L1D", "FB", "F5D", "FJB"}, {"DR-AFTER"}),
    ("draw-winner", {"N2L1D", "F2L3D", "FA5L3D", "FA5L1D", "FB"}, {"POT-AWARD"}),
])
def test_stud_and_draw_kinds_print_json_from_real_hands(
        kind: str, games: set[str], rule: set[str], capsys: pytest.CaptureFixture[str]) -> None:
    for seed in (1, 2, 3):
        assert main(["drill", "--kind", kind, "--seed", str(seed), "--json",
                     "--difficulty", "advanced"]) == 0
        data = json.loads(capsys.readouterr().out)
        assert set(data) >= KEYS and data["kind"] == kind and data["game"] in games
        assert isinstance(data["answer"], int) and data["answer_format"] == "seat"
        assert set(data["rule_ids"]) & rule
    assert main(["drill", "--list"]) == 0
    assert "draw-first\tDraw: first to act after the draw" in capsys.readouterr().out


def test_jb_open_prints_the_three_questions_of_jacks_or_better(
        capsys: pytest.CaptureFixture[str]) -> None:
    formats = set()
    for seed in range(12):
        assert main(["drill", "--kind", "jb-open", "--seed", str(seed), "--json",
                     "--difficulty", "intermediate", "--lang", "fr"]) == 0
        data = json.loads(capsys.readouterr().out)
        assert set(data) >= KEYS and data["game"] == "FJB" and data["lang"] == "fr"
        formats.add(data["answer_format"])
        if data["answer_format"] == "choice" and data["rule_ids"][0] == "JB-PROVE":
            # false openers: may the opener win? (JB-PROVE, JB-SPLIT)
            assert data["answer"] in ("A", "B", "C")
            assert data["question"].endswith("avec la meilleure main ?")
            formats.add("proof")
        elif data["answer_format"] == "choice":  # JB-OPEN: may this hand open?
            assert data["answer"] in ("A", "B") and data["rule_ids"][0] == "JB-OPEN"
            assert data["question"].endswith("peut-il ouvrir ?")
        else:  # JB-NO-OPEN: the pot after passed-out deals
            assert isinstance(data["answer"], int) and data["rule_ids"][0] == "JB-NO-OPEN"
            assert data["explanation"][-1].endswith(f": {data['answer']}.")
    assert formats == {"choice", "amount", "proof"}
    assert main(["drill", "--list"]) == 0
    assert "jb-open\tJacks or better: openers and carried pots" in capsys.readouterr().out


def test_certification_paper_run_at_a_level_with_the_house_pass_mark(
        tmp_path, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    house = tmp_path / "rules.yaml"
    house.write_text("schema_version: 1\ntrainer:\n  question_count: 3\n"
                     "  pass_mark_advanced: 75\n", encoding="utf-8")
    assert main(["--rules", str(house), "drill", "--certification", "--seed", "9",
                 "--difficulty", "advanced"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Certification, level advanced: 3 questions, pass mark 75%\n")
    assert "\n3. [" in out and "\n4. [" not in out
    assert main(["--rules", str(house), "drill", "--certification", "--seed", "9",
                 "--difficulty", "beginner", "--json"]) == 0
    runs = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(runs) == 3 and {r["difficulty"] for r in runs} == {"beginner"}
    assert main(["--rules", str(house), "drill", "--certification", "--difficulty",
                 "intermediate", "--lang", "fr"]) == 0
    assert capsys.readouterr().out.startswith(
        "Certification, niveau intermediate : 3 questions, seuil de réussite 80 %")


def test_defect_39_3_the_paper_quiz_prints_no_rule_id_beside_the_choices(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["drill", "--kind", "ruling", "--seed", "1", "--count", "6"]) == 0
    out = capsys.readouterr().out
    questions, answers = out.split("\nAnswers\n")
    choices = [line for line in questions.splitlines() if line.strip()[:2] in
               ("A)", "B)", "C)", "D)")]
    assert len(choices) == 24
    assert not any("[IRR-" in line or "IRR-" in line for line in questions.splitlines())
    assert answers.count("[IRR-") == 6  # the answers, at the end, still cite the rule

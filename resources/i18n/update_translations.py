"""Refresh the console's translation files: lupdate, fill in French, lrelease.

Run from the repository root: ``.venv/bin/python resources/i18n/update_translations.py``.
The French text lives here (FRENCH), keyed by the English source; a source without a
French entry is reported and left unfinished (Qt then shows the English).
"""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TS = ROOT / "resources" / "i18n" / "dealerassist_fr.ts"
BIN = Path(sys.executable).parent

CONSOLE_MODULES = (
    "app.py", "bridge.py", "camera.py", "command_lines.py", "demo.py", "i18n.py",
    "main_window.py", "measure.py", "menus.py", "session_adapter.py", "settings.py",
    "setup_dialog.py",
    "theme.py", "workers.py",
    *(f"widgets/qt_{name}.py" for name in (
        "action_bar", "camera", "cards", "command_line", "flags", "history", "pots",
        "proposals", "seat", "showdown", "table")),
)

FRENCH = {
    "dealerassist — dealer console": "dealerassist — console du croupier",
    "Flags": "Alertes",
    "Showdown": "Abattage",
    "History": "Historique",
    "&Table": "&Table",
    "Set up table…": "Installer la table…",
    "Next hand": "Main suivante",
    "&View": "&Affichage",
    "Larger text": "Texte plus grand",
    "Smaller text": "Texte plus petit",
    "&Language": "&Langue",
    "Flags ({n})": "Alertes ({n})",
    "Level {level}": "Niveau {level}",
    "Hide": "Masquer",
    "amount": "montant",
    "Min [1]": "Min [1]",
    "½ Pot [2]": "½ pot [2]",
    "Pot [3]": "Pot [3]",
    "All-in [4]": "Tapis [4]",
    "No action pending": "Aucune action en attente",
    "Fold [F]": "Se coucher [F]",
    "Check [C]": "Parole [C]",
    "Raise [R]": "Relancer [R]",
    "Seat {seat} · {name} to act": "Siège {seat} · {name} parle",
    "To call {amount}": "À suivre {amount}",
    "Check or bet": "Parole ou mise",
    "Nothing to call": "Rien à suivre",
    "Bet": "Miser",
    "Raise to": "Relancer à",
    "No raise allowed": "Relance impossible",
    "No cap": "Sans plafond",
    "Raises left: {n}": "Relances restantes : {n}",
    "Stack {stack} · Pot {pot} · {raises}": "Tapis {stack} · Pot {pot} · {raises}",
    "Call all-in {amount} [C]": "Suivre à tapis {amount} [C]",
    "Call {amount} [C]": "Suivre {amount} [C]",
    "Nobody can fold now": "Personne ne peut se coucher maintenant",
    "Nobody is to act": "Personne n'a la parole",
    "command (e.g. r 60, c, f, flop Ah Kd 7c)  —  press /":
        "commande (ex. r 60, c, f, flop Ah Kd 7c)  —  touche /",
    "Confirm ruling": "Confirmer la décision",
    "reason to overrule": "motif pour infirmer",
    "Overrule": "Infirmer",
    "Confirmed": "Confirmée",
    "Overruled: {reason}": "Infirmée : {reason}",
    "Note": "Note",
    "Irregularity": "Irrégularité",
    "Misdeal": "Maldonne",
    "No irregularity this hand": "Aucune irrégularité dans cette main",
    "This hand": "Cette main",
    "Past hands": "Mains précédentes",
    "Hand": "Main",
    "Pot": "Pot",
    "Result": "Résultat",
    "Main pot": "Pot principal",
    "Side pot {n}": "Pot annexe {n}",
    "seats {seats}": "sièges {seats}",
    "Empty seat": "Siège libre",
    "Waiting": "En attente",
    "TO ACT": "À PARLER",
    "Folded": "Couché",
    "ALL-IN": "TAPIS",
    "Sitting out": "Absent",
    "Bet this street": "Mise de ce tour",
    "stood pat": "servi",
    "drew {count}": "a tiré {count}",
    "Seat ": "Siège ",
    "cards shown, e.g. Ah Kd": "cartes montrées, ex. Ah Kd",
    "Enter cards": "Saisir les cartes",
    "Confirm payouts": "Confirmer les paiements",
    " (high)": " (haut)",
    " (low)": " (bas)",
    "seat {seat} {name} wins {amount}{share}": "siège {seat} {name} gagne {amount}{share}",
    ", odd chip {n}": ", jeton indivisible {n}",
    "No showdown yet": "Pas encore d'abattage",
    "mucked": "jeté sans montrer",
    "Cards to enter: seats {seats}": "Cartes à saisir : sièges {seats}",
    " (rake {rake})": " (commission {rake})",
    " · no qualifying low": " · pas de main basse qualifiée",
    "Total rake {rake}": "Commission totale {rake}",
    "Paid. Stacks updated.": "Payé. Tapis mis à jour.",
    "Type the cards shown, e.g. Ah Kd": "Saisissez les cartes montrées, ex. Ah Kd",
    "Hand #{hand} · {street}": "Main n° {hand} · {street}",
    "Table set-up": "Installation de la table",
    "Game": "Jeu",
    "Button at seat": "Bouton au siège",
    "Name": "Nom",
    "Stack": "Tapis",
    "Export today's hands…": "Exporter les mains du jour…",
    "Export needs a live table journal": "L'export demande le journal d'une table réelle",
    "Export the day's hands to": "Exporter les mains du jour vers",
    "Exporting {day}": "Export du {day}",
    "Opening the table journal": "Ouverture du journal de la table",
    "&Help": "&Aide",
    "Keyboard": "Clavier",
    "fold": "se coucher",
    "check, or call (all-in for less when short)":
        "parole, ou suivre (à tapis pour moins si court)",
    "cursor to the amount; Enter bets or raises to it":
        "curseur sur le montant ; Entrée mise ou relance à ce montant",
    "amount presets: minimum, half pot, pot, all-in":
        "montants prédéfinis : minimum, demi-pot, pot, tapis",
    "cursor to the command line; Up/Down recall":
        "curseur sur la ligne de commande ; Haut/Bas rappellent",
    "next hand": "main suivante",
    "back to the table (hotkeys active)": "retour à la table (raccourcis actifs)",
    "larger / smaller text": "texte plus grand / plus petit",
    "(check: {cards})": "(à vérifier : {cards})",
    "Confirm": "Confirmer",
    "Dismiss": "Écarter",
    "Undo last command": "Annuler la dernière commande",
    "DEMO: nothing is recorded": "DÉMO : rien n'est enregistré",
    "undo the last command (kept in the journal)":
        "annuler la dernière commande (gardée dans le journal)",
    "The camera source has ended": "La source de la caméra est terminée",
    "Camera": "Caméra",
    "&Camera": "&Caméra",
    "Start the webcam": "Démarrer la webcam",
    "Read a video file…": "Lire un fichier vidéo…",
    "Stop the camera": "Arrêter la caméra",
    "Starting the camera…": "Démarrage de la caméra…",
    "Video file": "Fichier vidéo",
    "Camera off": "Caméra arrêtée",
    "frame {n}": "image {n}",
    "{fps:.0f} fps": "{fps:.0f} im/s",
    "{n} dropped": "{n} sautées",
    "{ms:.0f} ms": "{ms:.0f} ms",
}


def main() -> int:
    """Update the .ts from the sources, fill French, compile the .qm."""
    ui = ROOT / "dealerassist" / "ui"
    # The console's own modules; other windows (trainer, floor, clock) keep their own texts.
    sources = [str(ui / name) for name in CONSOLE_MODULES]
    subprocess.run([str(BIN / "pyside6-lupdate"), *sources, "-no-obsolete", "-ts", str(TS)],
                   check=True)
    tree = ET.parse(TS)
    missing = []
    for message in tree.iter("message"):
        source = message.findtext("source", "")
        translation = message.find("translation")
        if translation is None:
            translation = ET.SubElement(message, "translation")
        french = FRENCH.get(source)
        if french is None:
            missing.append(source)
            translation.set("type", "unfinished")
            continue
        translation.text = french
        translation.attrib.pop("type", None)
    tree.write(TS, encoding="utf-8", xml_declaration=True)
    subprocess.run([str(BIN / "pyside6-lrelease"), str(TS)], check=True)
    for source in missing:
        print(f"no French for: {source!r}", file=sys.stderr)
    return 1 if missing else 0


if __name__ == "__main__":
    raise SystemExit(main())

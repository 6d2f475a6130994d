<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="fr_FR">
<context>
    <name>ClockWindow</name>
    <message>
        <location filename="../../ui/clock_view.py" line="292" />
        <source>Tournament clock</source>
        <translation>Horloge du tournoi</translation>
    </message>
</context>
<context>
    <name>FloorWindow</name>
    <message>
        <location filename="../../ui/floor/window.py" line="42" />
        <source>dealerassist — floor</source>
        <translation>dealerassist — arbitrage</translation>
    </message>
    <message>
        <location filename="../../ui/floor/window.py" line="48" />
        <source>Rulings</source>
        <translation>Règles</translation>
    </message>
    <message>
        <location filename="../../ui/floor/window.py" line="49" />
        <source>Hand review</source>
        <translation>Revue de main</translation>
    </message>
    <message>
        <location filename="../../ui/floor/window.py" line="50" />
        <source>Incidents</source>
        <translation>Incidents</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../ui/main_window.py" line="285" />
        <source>dealerassist — dealer console</source>
        <translation>dealerassist — console du croupier</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.py" line="131" />
        <location filename="../../ui/main_window.py" line="245" />
        <source>Flags</source>
        <translation>Alertes</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.py" line="95" />
        <source>The camera source has ended</source>
        <translation>La source de la caméra est terminée</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.py" line="132" />
        <source>Showdown</source>
        <translation>Abattage</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.py" line="133" />
        <source>History</source>
        <translation>Historique</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.py" line="138" />
        <source>Camera</source>
        <translation>Caméra</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.py" line="296" />
        <location filename="../../ui/menus.py" line="74" />
        <source>Keyboard</source>
        <translation>Clavier</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.py" line="244" />
        <source>Flags ({n})</source>
        <translation>Alertes ({n})</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.py" line="252" />
        <location filename="../../ui/main_window.py" line="287" />
        <source>DEMO: nothing is recorded</source>
        <translation>DÉMO : rien n'est enregistré</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.py" line="255" />
        <source>Level {level}</source>
        <translation>Niveau {level}</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.py" line="313" />
        <source>Starting the camera…</source>
        <translation>Démarrage de la caméra…</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.py" line="325" />
        <source>Video file</source>
        <translation>Fichier vidéo</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.py" line="335" />
        <source>Camera off</source>
        <translation>Caméra arrêtée</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.py" line="396" />
        <source>The camera's frames are now {width}x{height}; the felt's corners were marked on {marked_width}x{marked_height} frames. Mark them again (Camera menu): until then no card is placed in a seat.</source>
        <translation>Les images de la caméra sont maintenant en {width}x{height} ; les coins du tapis ont été marqués sur des images en {marked_width}x{marked_height}. Marquez-les à nouveau (menu Caméra) : d'ici là, aucune carte n'est placée à un siège.</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.py" line="435" />
        <source>Corner marker {n} is not on its corner: put it back (the zones stay where they were)</source>
        <translation>Le repère de coin {n} n'est plus sur son coin : remettez-le en place (les zones restent où elles étaient)</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.py" line="446" />
        <source>Table calibrated from the corner markers</source>
        <translation>Table calibrée par les repères de coin</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.py" line="448" />
        <source>The corner markers are not where the zones were: the zones now follow the markers</source>
        <translation>Les repères de coin ne sont plus où étaient les zones : les zones suivent maintenant les repères</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.py" line="485" />
        <source>Save the corner markers</source>
        <translation>Enregistrer les repères de coin</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.py" line="486" />
        <source>PNG image (*.png)</source>
        <translation>Image PNG (*.png)</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.py" line="497" />
        <source>Corner markers saved to {path}: print them, cut them apart and lay each on its corner of the felt</source>
        <translation>Repères de coin enregistrés dans {path} : imprimez-les, découpez-les et posez chacun sur son coin du tapis</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.py" line="504" />
        <source>Start the camera first: the felt's corners are marked on its view</source>
        <translation>Démarrez d'abord la caméra : les coins du tapis se marquent sur son image</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.py" line="517" />
        <source>Click the felt's corners: {n} to go · Backspace undoes · Esc cancels</source>
        <translation>Cliquez les coins du tapis : encore {n} · Retour arrière annule · Échap abandonne</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.py" line="546" />
        <source>Table calibrated (not saved: no table file)</source>
        <translation>Table calibrée (non enregistrée : pas de fichier de table)</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.py" line="476" />
        <source>The calibration could not be saved: {error}</source>
        <translation>La calibration n'a pas pu être enregistrée : {error}</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.py" line="548" />
        <source>Table calibrated: saved to {path}</source>
        <translation>Table calibrée : enregistrée dans {path}</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.py" line="561" />
        <source>Marking cancelled: the zones are unchanged</source>
        <translation>Marquage abandonné : zones inchangées</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.py" line="583" />
        <source>Export needs a live table journal</source>
        <translation>L'export demande le journal d'une table réelle</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.py" line="588" />
        <source>Export the day's hands to</source>
        <translation>Exporter les mains du jour vers</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.py" line="591" />
        <source>Exporting {day}</source>
        <translation>Export du {day}</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.py" line="682" />
        <source>Hide</source>
        <translation>Masquer</translation>
    </message>
    <message>
        <location filename="../../ui/menus.py" line="35" />
        <source>&amp;Table</source>
        <translation>&amp;Table</translation>
    </message>
    <message>
        <location filename="../../ui/menus.py" line="36" />
        <source>Set up table…</source>
        <translation>Installer la table…</translation>
    </message>
    <message>
        <location filename="../../ui/menus.py" line="37" />
        <source>Next hand</source>
        <translation>Main suivante</translation>
    </message>
    <message>
        <location filename="../../ui/menus.py" line="39" />
        <source>Call the floor</source>
        <translation>Appeler le floor</translation>
    </message>
    <message>
        <location filename="../../ui/menus.py" line="41" />
        <source>Undo last command</source>
        <translation>Annuler la dernière commande</translation>
    </message>
    <message>
        <location filename="../../ui/menus.py" line="43" />
        <source>Export today's hands…</source>
        <translation>Exporter les mains du jour…</translation>
    </message>
    <message>
        <location filename="../../ui/menus.py" line="46" />
        <source>&amp;View</source>
        <translation>&amp;Affichage</translation>
    </message>
    <message>
        <location filename="../../ui/menus.py" line="47" />
        <source>Larger text</source>
        <translation>Texte plus grand</translation>
    </message>
    <message>
        <location filename="../../ui/menus.py" line="49" />
        <source>Smaller text</source>
        <translation>Texte plus petit</translation>
    </message>
    <message>
        <location filename="../../ui/menus.py" line="51" />
        <location filename="../../ui/menus.py" line="160" />
        <source>Keypad mode</source>
        <translation>Mode pavé numérique</translation>
    </message>
    <message>
        <location filename="../../ui/menus.py" line="55" />
        <source>Players' screen</source>
        <translation>Écran des joueurs</translation>
    </message>
    <message>
        <location filename="../../ui/menus.py" line="57" />
        <source>&amp;Camera</source>
        <translation>&amp;Caméra</translation>
    </message>
    <message>
        <location filename="../../ui/menus.py" line="58" />
        <source>Start the webcam</source>
        <translation>Démarrer la webcam</translation>
    </message>
    <message>
        <location filename="../../ui/menus.py" line="60" />
        <source>Read a video file…</source>
        <translation>Lire un fichier vidéo…</translation>
    </message>
    <message>
        <location filename="../../ui/menus.py" line="62" />
        <source>Stop the camera</source>
        <translation>Arrêter la caméra</translation>
    </message>
    <message>
        <location filename="../../ui/menus.py" line="64" />
        <source>Mark the felt's corners…</source>
        <translation>Marquer les coins du tapis…</translation>
    </message>
    <message>
        <location filename="../../ui/menus.py" line="66" />
        <source>Save the corner markers to print…</source>
        <translation>Enregistrer les repères de coin à imprimer…</translation>
    </message>
    <message>
        <location filename="../../ui/menus.py" line="68" />
        <source>T&amp;ools</source>
        <translation>&amp;Outils</translation>
    </message>
    <message>
        <location filename="../../ui/menus.py" line="69" />
        <source>Trainer…</source>
        <translation>Formation…</translation>
    </message>
    <message>
        <location filename="../../ui/menus.py" line="71" />
        <source>Floor: rulings, hand review, incidents…</source>
        <translation>Arbitrage : règles, revue de main, incidents…</translation>
    </message>
    <message>
        <location filename="../../ui/menus.py" line="73" />
        <source>&amp;Help</source>
        <translation>&amp;Aide</translation>
    </message>
    <message>
        <location filename="../../ui/menus.py" line="76" />
        <source>&amp;Language</source>
        <translation>&amp;Langue</translation>
    </message>
    <message>
        <location filename="../../ui/menus.py" line="95" />
        <source>Open a live table first: these tools keep their records in its journal.</source>
        <translation>Ouvrez d'abord une table réelle : ces outils tiennent leurs registres dans son journal.</translation>
    </message>
    <message>
        <location filename="../../ui/menus.py" line="138" />
        <source>fold</source>
        <translation>se coucher</translation>
    </message>
    <message>
        <location filename="../../ui/menus.py" line="139" />
        <source>check, or call (all-in for less when short)</source>
        <translation>parole, ou suivre (à tapis pour moins si court)</translation>
    </message>
    <message>
        <location filename="../../ui/menus.py" line="141" />
        <source>cursor to the amount; Enter bets or raises to it</source>
        <translation>curseur sur le montant ; Entrée mise ou relance à ce montant</translation>
    </message>
    <message>
        <location filename="../../ui/menus.py" line="143" />
        <source>amount presets: minimum, half pot, pot, all-in</source>
        <translation>montants prédéfinis : minimum, demi-pot, pot, tapis</translation>
    </message>
    <message>
        <location filename="../../ui/menus.py" line="145" />
        <source>cursor to the command line; Up/Down recall</source>
        <translation>curseur sur la ligne de commande ; Haut/Bas rappellent</translation>
    </message>
    <message>
        <location filename="../../ui/menus.py" line="147" />
        <source>next hand</source>
        <translation>main suivante</translation>
    </message>
    <message>
        <location filename="../../ui/menus.py" line="148" />
        <source>confirm payouts (pay)</source>
        <translation>confirmer les paiements (pay)</translation>
    </message>
    <message>
        <location filename="../../ui/menus.py" line="149" />
        <source>confirm the ruling shown first</source>
        <translation>confirmer la première décision affichée</translation>
    </message>
    <message>
        <location filename="../../ui/menus.py" line="150" />
        <source>call the floor (the hand frozen; the answer shows in the status line)</source>
        <translation>appeler le floor (la main figée ; la réponse s'affiche dans la barre d'état)</translation>
    </message>
    <message>
        <location filename="../../ui/menus.py" line="152" />
        <source>undo the last command (kept in the journal)</source>
        <translation>annuler la dernière commande (gardée dans le journal)</translation>
    </message>
    <message>
        <location filename="../../ui/menus.py" line="154" />
        <source>back to the table (hotkeys active)</source>
        <translation>retour à la table (raccourcis actifs)</translation>
    </message>
    <message>
        <location filename="../../ui/menus.py" line="155" />
        <source>larger / smaller text</source>
        <translation>texte plus grand / plus petit</translation>
    </message>
    <message>
        <location filename="../../ui/menus.py" line="156" />
        <source>when cards are due: rank then suit, no command (flop, turn, river)</source>
        <translation>cartes attendues : valeur puis couleur, sans commande (flop, turn, river)</translation>
    </message>
    <message>
        <location filename="../../ui/menus.py" line="158" />
        <source>at showdown: seat key, then the cards shown (no seat: the seat due)</source>
        <translation>à l'abattage : touche du siège, puis les cartes (sans siège : le siège attendu)</translation>
    </message>
    <message>
        <location filename="../../ui/menus.py" line="160" />
        <source>+ check/call, - fold, digits amount, * presets, . clear, Enter bet/raise, pay or deal</source>
        <translation>+ parole/suivre, - se coucher, chiffres montant, * préréglages, . effacer, Entrée miser/relancer, payer ou donner</translation>
    </message>
</context>
<context>
    <name>QtActionBar</name>
    <message>
        <location filename="../../ui/widgets/qt_action_bar.py" line="92" />
        <source>amount</source>
        <translation>montant</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_action_bar.py" line="98" />
        <source>Min [1]</source>
        <translation>Min [1]</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_action_bar.py" line="99" />
        <source>½ Pot [2]</source>
        <translation>½ pot [2]</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_action_bar.py" line="100" />
        <source>Pot [3]</source>
        <translation>Pot [3]</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_action_bar.py" line="101" />
        <source>All-in [4]</source>
        <translation>Tapis [4]</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_action_bar.py" line="151" />
        <source>No action pending</source>
        <translation>Aucune action en attente</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_action_bar.py" line="154" />
        <location filename="../../ui/widgets/qt_action_bar.py" line="192" />
        <source>Fold [F]</source>
        <translation>Se coucher [F]</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_action_bar.py" line="155" />
        <location filename="../../ui/widgets/qt_action_bar.py" line="197" />
        <source>Check [C]</source>
        <translation>Parole [C]</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_action_bar.py" line="156" />
        <source>Raise [R]</source>
        <translation>Relancer [R]</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_action_bar.py" line="160" />
        <source>Seat {seat} · {name} to act</source>
        <translation>Siège {seat} · {name} parle</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_action_bar.py" line="164" />
        <source>Bring-in {amount} or complete</source>
        <translation>Ouverture forcée {amount} ou compléter</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_action_bar.py" line="167" />
        <source>To call {amount}</source>
        <translation>À suivre {amount}</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_action_bar.py" line="170" />
        <source>Check or bet</source>
        <translation>Parole ou mise</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_action_bar.py" line="171" />
        <source>Nothing to call</source>
        <translation>Rien à suivre</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_action_bar.py" line="172" />
        <source>Bet</source>
        <translation>Miser</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_action_bar.py" line="172" />
        <source>Raise to</source>
        <translation>Relancer à</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_action_bar.py" line="174" />
        <source>Complete</source>
        <translation>Compléter</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_action_bar.py" line="176" />
        <location filename="../../ui/widgets/qt_action_bar.py" line="245" />
        <source>No raise allowed</source>
        <translation>Relance impossible</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_action_bar.py" line="186" />
        <source>No cap</source>
        <translation>Sans plafond</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_action_bar.py" line="187" />
        <source>Raises left: {n}</source>
        <translation>Relances restantes : {n}</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_action_bar.py" line="188" />
        <source>Stack {stack} · Pot {pot} · {raises}</source>
        <translation>Tapis {stack} · Pot {pot} · {raises}</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_action_bar.py" line="194" />
        <source>Bring in {amount} [C]</source>
        <translation>Ouvrir de force {amount} [C]</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_action_bar.py" line="199" />
        <source>Call all-in {amount} [C]</source>
        <translation>Suivre à tapis {amount} [C]</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_action_bar.py" line="202" />
        <source>Call {amount} [C]</source>
        <translation>Suivre {amount} [C]</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_action_bar.py" line="225" />
        <source>Nobody can fold now</source>
        <translation>Personne ne peut se coucher maintenant</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_action_bar.py" line="232" />
        <location filename="../../ui/widgets/qt_action_bar.py" line="255" />
        <source>Nobody is to act</source>
        <translation>Personne n'a la parole</translation>
    </message>
</context>
<context>
    <name>QtCamera</name>
    <message>
        <location filename="../../ui/widgets/qt_camera.py" line="64" />
        <source>Camera off</source>
        <translation>Caméra arrêtée</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_camera.py" line="146" />
        <source>frame {n}</source>
        <translation>image {n}</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_camera.py" line="148" />
        <source>{fps:.0f} fps</source>
        <translation>{fps:.0f} im/s</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_camera.py" line="150" />
        <source>{n} dropped</source>
        <translation>{n} sautées</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_camera.py" line="151" />
        <source>{ms:.0f} ms</source>
        <translation>{ms:.0f} ms</translation>
    </message>
</context>
<context>
    <name>QtCertification</name>
    <message>
        <location filename="../../ui/trainer/certification_view.py" line="61" />
        <source>trainee name</source>
        <translation>nom de l'élève</translation>
    </message>
    <message>
        <location filename="../../ui/trainer/certification_view.py" line="66" />
        <source>Start the certification</source>
        <translation>Commencer la certification</translation>
    </message>
    <message>
        <location filename="../../ui/trainer/certification_view.py" line="70" />
        <source>Answer</source>
        <translation>Répondre</translation>
    </message>
    <message>
        <location filename="../../ui/trainer/certification_view.py" line="80" />
        <source>Level</source>
        <translation>Niveau</translation>
    </message>
    <message>
        <location filename="../../ui/trainer/certification_view.py" line="103" />
        <source>Pass mark at this level: {0}%</source>
        <translation>Seuil de réussite à ce niveau : {0} %</translation>
    </message>
    <message>
        <location filename="../../ui/trainer/certification_view.py" line="108" />
        <source>Enter the trainee's name first.</source>
        <translation>Saisissez d'abord le nom de l'élève.</translation>
    </message>
    <message>
        <location filename="../../ui/trainer/certification_view.py" line="132" />
        <source>Question {0} of {1}</source>
        <translation>Question {0} sur {1}</translation>
    </message>
    <message>
        <location filename="../../ui/trainer/certification_view.py" line="160" />
        <source>PASSED</source>
        <translation>RÉUSSI</translation>
    </message>
    <message>
        <location filename="../../ui/trainer/certification_view.py" line="160" />
        <source>NOT PASSED</source>
        <translation>ÉCHOUÉ</translation>
    </message>
    <message>
        <location filename="../../ui/trainer/certification_view.py" line="161" />
        <source>{0}: {1} / {2} ({3}%), pass mark {4}%</source>
        <translation>{0} : {1} / {2} ({3} %), seuil de réussite {4} %</translation>
    </message>
    <message>
        <location filename="../../ui/trainer/certification_view.py" line="163" />
        <source>Level: {0}</source>
        <translation>Niveau : {0}</translation>
    </message>
</context>
<context>
    <name>QtClockPanel</name>
    <message>
        <location filename="../../ui/clock_view.py" line="144" />
        <location filename="../../ui/clock_view.py" line="227" />
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
    <message>
        <location filename="../../ui/clock_view.py" line="145" />
        <source>Next level</source>
        <translation>Niveau suivant</translation>
    </message>
    <message>
        <location filename="../../ui/clock_view.py" line="146" />
        <source>Big screen</source>
        <translation>Grand écran</translation>
    </message>
    <message>
        <location filename="../../ui/clock_view.py" line="198" />
        <source>No blind clock</source>
        <translation>Pas d'horloge des blindes</translation>
    </message>
    <message>
        <location filename="../../ui/clock_view.py" line="205" />
        <source>Break</source>
        <translation>Pause</translation>
    </message>
    <message>
        <location filename="../../ui/clock_view.py" line="210" />
        <source>Next: {stakes}</source>
        <translation>Suivant : {stakes}</translation>
    </message>
    <message>
        <location filename="../../ui/clock_view.py" line="211" />
        <source>Last level</source>
        <translation>Dernier niveau</translation>
    </message>
    <message>
        <location filename="../../ui/clock_view.py" line="214" />
        <source>not started</source>
        <translation>pas commencé</translation>
    </message>
    <message>
        <location filename="../../ui/clock_view.py" line="216" />
        <source>PAUSED</source>
        <translation>EN PAUSE</translation>
    </message>
    <message>
        <location filename="../../ui/clock_view.py" line="218" />
        <source>from the next hand</source>
        <translation>à la main suivante</translation>
    </message>
    <message>
        <location filename="../../ui/clock_view.py" line="225" />
        <source>Start</source>
        <translation>Démarrer</translation>
    </message>
    <message>
        <location filename="../../ui/clock_view.py" line="227" />
        <source>Resume</source>
        <translation>Reprendre</translation>
    </message>
    <message>
        <location filename="../../ui/clock_view.py" line="236" />
        <source>{n} players</source>
        <translation>{n} joueurs</translation>
    </message>
    <message>
        <location filename="../../ui/clock_view.py" line="238" />
        <source>average {chips}</source>
        <translation>moyenne {chips}</translation>
    </message>
    <message>
        <location filename="../../ui/clock_view.py" line="241" />
        <source>break in {time}</source>
        <translation>pause dans {time}</translation>
    </message>
</context>
<context>
    <name>QtCommandLine</name>
    <message>
        <location filename="../../ui/widgets/qt_command_line.py" line="20" />
        <source>/ to type: r 60, flop Ah Kd 7c …</source>
        <translation>/ pour taper : r 60, flop Ah Kd 7c …</translation>
    </message>
</context>
<context>
    <name>QtDrillSession</name>
    <message>
        <location filename="../../ui/trainer/drill_view.py" line="96" />
        <source>trainee name</source>
        <translation>nom de l'élève</translation>
    </message>
    <message>
        <location filename="../../ui/trainer/drill_view.py" line="98" />
        <source>All skills, mixed</source>
        <translation>Toutes les compétences, mélangées</translation>
    </message>
    <message>
        <location filename="../../ui/trainer/drill_view.py" line="106" />
        <source>no limit</source>
        <translation>sans limite</translation>
    </message>
    <message>
        <location filename="../../ui/trainer/drill_view.py" line="107" />
        <source>Next question</source>
        <translation>Question suivante</translation>
    </message>
    <message>
        <location filename="../../ui/trainer/drill_view.py" line="112" />
        <source>your answer</source>
        <translation>votre réponse</translation>
    </message>
    <message>
        <location filename="../../ui/trainer/drill_view.py" line="113" />
        <source>Check</source>
        <translation>Vérifier</translation>
    </message>
    <message>
        <location filename="../../ui/trainer/drill_view.py" line="118" />
        <source>Trainee</source>
        <translation>Élève</translation>
    </message>
    <message>
        <location filename="../../ui/trainer/drill_view.py" line="119" />
        <source>Skill</source>
        <translation>Compétence</translation>
    </message>
    <message>
        <location filename="../../ui/trainer/drill_view.py" line="120" />
        <source>Level</source>
        <translation>Niveau</translation>
    </message>
    <message>
        <location filename="../../ui/trainer/drill_view.py" line="121" />
        <source>Time limit</source>
        <translation>Temps limite</translation>
    </message>
    <message>
        <location filename="../../ui/trainer/drill_view.py" line="208" />
        <source>Score: {0} / {1}</source>
        <translation>Score : {0} / {1}</translation>
    </message>
</context>
<context>
    <name>QtFlag</name>
    <message>
        <location filename="../../ui/widgets/qt_flags.py" line="75" />
        <source>Confirm ruling [Y]</source>
        <translation>Confirmer la décision [Y]</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_flags.py" line="77" />
        <source>reason to overrule</source>
        <translation>motif pour infirmer</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_flags.py" line="78" />
        <source>Overrule</source>
        <translation>Infirmer</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_flags.py" line="79" />
        <source>Floor incident…</source>
        <translation>Incident d'arbitrage…</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_flags.py" line="93" />
        <source>Confirmed</source>
        <translation>Confirmée</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_flags.py" line="94" />
        <source>Overruled: {reason}</source>
        <translation>Infirmée : {reason}</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_flags.py" line="101" />
        <source>Note</source>
        <translation>Note</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_flags.py" line="102" />
        <source>Irregularity</source>
        <translation>Irrégularité</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_flags.py" line="103" />
        <source>Misdeal</source>
        <translation>Maldonne</translation>
    </message>
</context>
<context>
    <name>QtFlags</name>
    <message>
        <location filename="../../ui/widgets/qt_flags.py" line="134" />
        <source>No irregularity this hand</source>
        <translation>Aucune irrégularité dans cette main</translation>
    </message>
</context>
<context>
    <name>QtHandStepper</name>
    <message>
        <location filename="../../ui/floor/stepper_view.py" line="54" />
        <source>Refresh</source>
        <translation>Actualiser</translation>
    </message>
    <message>
        <location filename="../../ui/floor/stepper_view.py" line="55" />
        <source>◀ Previous</source>
        <translation>◀ Précédent</translation>
    </message>
    <message>
        <location filename="../../ui/floor/stepper_view.py" line="56" />
        <source>Next ▶</source>
        <translation>Suivant ▶</translation>
    </message>
    <message>
        <location filename="../../ui/floor/stepper_view.py" line="67" />
        <source>Hand</source>
        <translation>Main</translation>
    </message>
    <message>
        <location filename="../../ui/floor/stepper_view.py" line="99" />
        <source>Hand {0}</source>
        <translation>Main {0}</translation>
    </message>
    <message>
        <location filename="../../ui/floor/stepper_view.py" line="100" />
        <source> (running)</source>
        <translation> (en cours)</translation>
    </message>
    <message>
        <location filename="../../ui/floor/stepper_view.py" line="125" />
        <source>No hand in this journal yet.</source>
        <translation>Pas encore de main dans ce journal.</translation>
    </message>
    <message>
        <location filename="../../ui/floor/stepper_view.py" line="134" />
        <source>{0} (seats {1})</source>
        <translation>{0} (sièges {1})</translation>
    </message>
    <message>
        <location filename="../../ui/floor/stepper_view.py" line="136" />
        <source>&lt;b&gt;{0}&lt;/b&gt;, board: {1}</source>
        <translation>&lt;b&gt;{0}&lt;/b&gt;, tableau : {1}</translation>
    </message>
    <message>
        <location filename="../../ui/floor/stepper_view.py" line="138" />
        <source>Pots: {0}</source>
        <translation>Pots : {0}</translation>
    </message>
    <message>
        <location filename="../../ui/floor/stepper_view.py" line="140" />
        <source>raise {0}–{1}</source>
        <translation>relance {0}–{1}</translation>
    </message>
    <message>
        <location filename="../../ui/floor/stepper_view.py" line="142" />
        <source>no raise [{0}]</source>
        <translation>pas de relance [{0}]</translation>
    </message>
    <message>
        <location filename="../../ui/floor/stepper_view.py" line="143" />
        <source>Seat {0} to act: to call {1}, {2}</source>
        <translation>Siège {0} parle : {1} à suivre, {2}</translation>
    </message>
    <message>
        <location filename="../../ui/floor/stepper_view.py" line="146" />
        <source>Rake: {0}</source>
        <translation>Commission : {0}</translation>
    </message>
    <message>
        <location filename="../../ui/floor/stepper_view.py" line="150" />
        <source>folded</source>
        <translation>couché</translation>
    </message>
    <message>
        <location filename="../../ui/floor/stepper_view.py" line="151" />
        <source>all in</source>
        <translation>à tapis</translation>
    </message>
<message><source>Seat</source><translation>Siège</translation></message><message><source>Name</source><translation>Nom</translation></message><message><source>Stack</source><translation>Tapis</translation></message><message><source>Bet</source><translation>Mise</translation></message><message><source>In pots</source><translation>Dans les pots</translation></message><message><source>Cards</source><translation>Cartes</translation></message></context>
<context>
    <name>QtHistory</name>
    <message>
        <location filename="../../ui/widgets/qt_history.py" line="29" />
        <source>This hand</source>
        <translation>Cette main</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_history.py" line="33" />
        <source>Past hands</source>
        <translation>Mains précédentes</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_history.py" line="36" />
        <source>Hand</source>
        <translation>Main</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_history.py" line="36" />
        <source>Pot</source>
        <translation>Pot</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_history.py" line="36" />
        <source>Result</source>
        <translation>Résultat</translation>
    </message>
</context>
<context>
    <name>QtIncidents</name>
    <message>
        <location filename="../../ui/floor/incidents_view.py" line="56" />
        <source>no hand</source>
        <translation>aucune main</translation>
    </message>
    <message>
        <location filename="../../ui/floor/incidents_view.py" line="68" />
        <source>Record incident</source>
        <translation>Consigner l'incident</translation>
    </message>
    <message>
        <location filename="../../ui/floor/incidents_view.py" line="81" />
        <source>Export CSV…</source>
        <translation>Exporter en CSV…</translation>
    </message>
    <message>
        <location filename="../../ui/floor/incidents_view.py" line="82" />
        <source>Export printable page…</source>
        <translation>Exporter une page imprimable…</translation>
    </message>
    <message>
        <location filename="../../ui/floor/incidents_view.py" line="84" />
        <source>Hand</source>
        <translation>Main</translation>
    </message>
    <message>
        <location filename="../../ui/floor/incidents_view.py" line="85" />
        <source>What was disputed</source>
        <translation>Ce qui était contesté</translation>
    </message>
    <message>
        <location filename="../../ui/floor/incidents_view.py" line="86" />
        <source>Rule ID</source>
        <translation>Identifiant de règle</translation>
    </message>
    <message>
        <location filename="../../ui/floor/incidents_view.py" line="87" />
        <source>Ruling</source>
        <translation>Décision</translation>
    </message>
    <message>
        <location filename="../../ui/floor/incidents_view.py" line="88" />
        <source>Decided by</source>
        <translation>Décidé par</translation>
    </message>
    <message>
        <location filename="../../ui/floor/incidents_view.py" line="89" />
        <source>Notes</source>
        <translation>Notes</translation>
    </message>
    <message>
        <location filename="../../ui/floor/incidents_view.py" line="182" />
        <source>Floor incidents</source>
        <translation>Incidents d'arbitrage</translation>
    </message>
    <message>
        <location filename="../../ui/floor/incidents_view.py" line="186" />
        <source>Cannot write {0}: {1}</source>
        <translation>Impossible d'écrire {0} : {1}</translation>
    </message>
    <message>
        <location filename="../../ui/floor/incidents_view.py" line="193" />
        <source>Export incidents</source>
        <translation>Exporter les incidents</translation>
    </message>
<message><source>#</source><translation>#</translation></message><message><source>When</source><translation>Quand</translation></message><message><source>Disputed</source><translation>Contesté</translation></message><message><source>Rule</source><translation>Règle</translation></message></context>
<context>
    <name>QtPlayerScreen</name>
    <message>
        <location filename="../../ui/player_screen.py" line="38" />
        <source>Players' screen</source>
        <translation>Écran des joueurs</translation>
    </message>
    <message>
        <location filename="../../ui/player_screen.py" line="68" />
        <source>Pot {amount}</source>
        <translation>Pot {amount}</translation>
    </message>
    <message>
        <location filename="../../ui/player_screen.py" line="71" />
        <source>Seat {seat} · {name}: to call {amount}</source>
        <translation>Siège {seat} · {name} : à suivre {amount}</translation>
    </message>
    <message>
        <location filename="../../ui/player_screen.py" line="77" />
        <source>Level {level} · {stakes}</source>
        <translation>Niveau {level} · {stakes}</translation>
    </message>
</context>
<context>
    <name>QtPots</name>
    <message>
        <location filename="../../ui/widgets/qt_pots.py" line="26" />
        <source>Main pot</source>
        <translation>Pot principal</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_pots.py" line="28" />
        <source>Side pot {n}</source>
        <translation>Pot annexe {n}</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_pots.py" line="37" />
        <source>seats {seats}</source>
        <translation>sièges {seats}</translation>
    </message>
</context>
<context>
    <name>QtProgressChart</name>
    <message>
        <location filename="../../ui/trainer/progress_chart.py" line="65" />
        <source>No answers yet</source>
        <translation>Pas encore de réponse</translation>
    </message>
    <message>
        <location filename="../../ui/trainer/progress_chart.py" line="98" />
        <source>Accuracy by day: {0} to {1}</source>
        <translation>Réussite par jour : du {0} au {1}</translation>
    </message>
</context>
<context>
    <name>QtProgressPanel</name>
    <message>
        <location filename="../../ui/trainer/window.py" line="38" />
        <source>All skills</source>
        <translation>Toutes les compétences</translation>
    </message>
    <message>
        <location filename="../../ui/trainer/window.py" line="41" />
        <source>Refresh</source>
        <translation>Actualiser</translation>
    </message>
    <message>
        <location filename="../../ui/trainer/window.py" line="45" />
        <source>Trainee</source>
        <translation>Élève</translation>
    </message>
    <message>
        <location filename="../../ui/trainer/window.py" line="47" />
        <source>Over time</source>
        <translation>Dans le temps</translation>
    </message>
</context>
<context>
    <name>QtProposals</name>
    <message>
        <location filename="../../ui/widgets/qt_proposals.py" line="59" />
        <source>(check: {cards})</source>
        <translation>(à vérifier : {cards})</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_proposals.py" line="64" />
        <source>Confirm</source>
        <translation>Confirmer</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_proposals.py" line="67" />
        <source>Dismiss</source>
        <translation>Écarter</translation>
    </message>
</context>
<context>
    <name>QtRulings</name>
    <message>
        <location filename="../../ui/floor/rulings_view.py" line="35" />
        <source>search rules (français or English, or an ID)</source>
        <translation>chercher une règle (français ou anglais, ou un identifiant)</translation>
    </message>
</context>
<context>
    <name>QtSeat</name>
    <message>
        <location filename="../../ui/widgets/qt_seat.py" line="25" />
        <source>Empty seat</source>
        <translation>Siège libre</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_seat.py" line="26" />
        <source>Waiting</source>
        <translation>En attente</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_seat.py" line="28" />
        <source>TO ACT</source>
        <translation>À PARLER</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_seat.py" line="29" />
        <source>Folded</source>
        <translation>Couché</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_seat.py" line="30" />
        <source>ALL-IN</source>
        <translation>TAPIS</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_seat.py" line="31" />
        <source>Sitting out</source>
        <translation>Absent</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_seat.py" line="67" />
        <source>An open ruling is about this player</source>
        <translation>Une décision en cours concerne ce joueur</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_seat.py" line="126" />
        <source>Bet this street</source>
        <translation>Mise de ce tour</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_seat.py" line="132" />
        <source>Away</source>
        <translation>Absent (tournoi)</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_seat.py" line="135" />
        <source>stood pat</source>
        <translation>servi</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_seat.py" line="136" />
        <source>drew {count}</source>
        <translation>a tiré {count}</translation>
    </message>
</context>
<context>
    <name>QtShowdown</name>
    <message>
        <location filename="../../ui/widgets/qt_showdown.py" line="43" />
        <source>Showdown</source>
        <translation>Abattage</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_showdown.py" line="55" />
        <source>Seat </source>
        <translation>Siège </translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_showdown.py" line="57" />
        <source>cards shown, e.g. Ah Kd</source>
        <translation>cartes montrées, ex. Ah Kd</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_showdown.py" line="58" />
        <source>Enter cards</source>
        <translation>Saisir les cartes</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_showdown.py" line="66" />
        <source>Confirm payouts</source>
        <translation>Confirmer les paiements</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_showdown.py" line="78" />
        <source> (high)</source>
        <translation> (haut)</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_showdown.py" line="79" />
        <source> (low)</source>
        <translation> (bas)</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_showdown.py" line="80" />
        <source>seat {seat} {name} wins {amount}{share}</source>
        <translation>siège {seat} {name} gagne {amount}{share}</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_showdown.py" line="83" />
        <source>, odd chip {n}</source>
        <translation>, jeton indivisible {n}</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_showdown.py" line="100" />
        <source>No showdown yet</source>
        <translation>Pas encore d'abattage</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_showdown.py" line="106" />
        <source>mucked</source>
        <translation>jeté sans montrer</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_showdown.py" line="111" />
        <source>Cards to enter: seats {seats}</source>
        <translation>Cartes à saisir : sièges {seats}</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_showdown.py" line="119" />
        <source> (rake {rake})</source>
        <translation> (commission {rake})</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_showdown.py" line="121" />
        <source> · no qualifying low</source>
        <translation> · pas de main basse qualifiée</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_showdown.py" line="126" />
        <source>Total rake {rake}</source>
        <translation>Commission totale {rake}</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_showdown.py" line="129" />
        <source>Paid. Stacks updated.</source>
        <translation>Payé. Tapis mis à jour.</translation>
    </message>
    <message>
        <location filename="../../ui/widgets/qt_showdown.py" line="150" />
        <source>Type the cards shown, e.g. Ah Kd</source>
        <translation>Saisissez les cartes montrées, ex. Ah Kd</translation>
    </message>
</context>
<context>
    <name>QtTable</name>
    <message>
        <location filename="../../ui/widgets/qt_table.py" line="86" />
        <source>Hand #{hand} · {street}</source>
        <translation>Main n° {hand} · {street}</translation>
    </message>
</context>
<context>
    <name>RoomWindow</name>
    <message>
        <location filename="../../ui/floor/room_window.py" line="86" />
        <source>dealerassist — card room</source>
        <translation>dealerassist — salle de jeu</translation>
    </message>
    <message>
        <location filename="../../ui/floor/room_window.py" line="98" />
        <source>Sign in</source>
        <translation>Se connecter</translation>
    </message>
    <message>
        <location filename="../../ui/floor/room_window.py" line="105" />
        <source>Send the ruling</source>
        <translation>Envoyer la décision</translation>
    </message>
    <message>
        <location filename="../../ui/floor/room_window.py" line="111" />
        <source>Floor account</source>
        <translation>Compte du floor</translation>
    </message>
    <message>
        <location filename="../../ui/floor/room_window.py" line="112" />
        <source>Call</source>
        <translation>Appel</translation>
    </message>
    <message>
        <location filename="../../ui/floor/room_window.py" line="113" />
        <source>Answer</source>
        <translation>Réponse</translation>
    </message>
    <message>
        <location filename="../../ui/floor/room_window.py" line="114" />
        <source>Flag</source>
        <translation>Signalement</translation>
    </message>
    <message>
        <location filename="../../ui/floor/room_window.py" line="115" />
        <source>Reason / ruling</source>
        <translation>Motif / décision</translation>
    </message>
    <message>
        <location filename="../../ui/floor/room_window.py" line="151" />
        <source>room: </source>
        <translation>salle : </translation>
    </message>
    <message>
        <location filename="../../ui/floor/room_window.py" line="192" />
        <source>signed in as {0} ({1})</source>
        <translation>connecté comme {0} ({1})</translation>
    </message>
    <message>
        <location filename="../../ui/floor/room_window.py" line="197" />
        <source>no call waiting</source>
        <translation>aucun appel en attente</translation>
    </message>
    <message>
        <location filename="../../ui/floor/room_window.py" line="200" />
        <source>sign in with a floor account first</source>
        <translation>connectez-vous d'abord avec un compte du floor</translation>
    </message>
    <message>
        <location filename="../../ui/floor/room_window.py" line="210" />
        <source>ruling {0} sent to {1} ({2})</source>
        <translation>décision {0} envoyée à {1} ({2})</translation>
    </message>
<message><source>Table</source><translation>Table</translation></message><message><source>Game</source><translation>Jeu</translation></message><message><source>Stakes</source><translation>Enjeux</translation></message><message><source>Hand</source><translation>Main</translation></message><message><source>To act</source><translation>À parler</translation></message><message><source>Pots</source><translation>Pots</translation></message><message><source>Players</source><translation>Joueurs</translation></message><message><source>Flags</source><translation>Signalements</translation></message><message><source>Calls waiting</source><translation>Appels en attente</translation></message><message><source>Dealer</source><translation>Croupier</translation></message><message><source>Last activity</source><translation>Dernière activité</translation></message><message><source>confirm</source><translation>confirmer</translation></message><message><source>overrule</source><translation>infirmer</translation></message><message><source>ruling</source><translation>décision</translation></message></context>
<context>
    <name>TableSetupDialog</name>
    <message>
        <location filename="../../ui/setup_dialog.py" line="46" />
        <source>Table set-up</source>
        <translation>Installation de la table</translation>
    </message>
    <message>
        <location filename="../../ui/setup_dialog.py" line="60" />
        <source>Game</source>
        <translation>Jeu</translation>
    </message>
    <message>
        <location filename="../../ui/setup_dialog.py" line="65" />
        <source>Button at seat</source>
        <translation>Bouton au siège</translation>
    </message>
    <message>
        <location filename="../../ui/setup_dialog.py" line="68" />
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <location filename="../../ui/setup_dialog.py" line="68" />
        <source>Stack</source>
        <translation>Tapis</translation>
    </message>
    <message>
        <location filename="../../ui/setup_dialog.py" line="69" />
        <source>Sitting out</source>
        <translation>Absent</translation>
    </message>
    <message>
        <location filename="../../ui/setup_dialog.py" line="133" />
        <source>{preset} is a tournament: OK opens a new tournament table (new journal), every player starting with {stack} chips.</source>
        <translation>{preset} est un tournoi : OK ouvre une nouvelle table de tournoi (nouveau journal), chaque joueur partant avec {stack} jetons.</translation>
    </message>
</context>
<context>
    <name>TrainerLevels</name>
    <message>
        <location filename="../../ui/trainer/levels.py" line="21" />
        <source>beginner</source>
        <translation>débutant</translation>
    </message>
    <message>
        <location filename="../../ui/trainer/levels.py" line="22" />
        <source>intermediate</source>
        <translation>intermédiaire</translation>
    </message>
    <message>
        <location filename="../../ui/trainer/levels.py" line="24" />
        <source>advanced</source>
        <translation>avancé</translation>
    </message>
</context>
<context>
    <name>TrainerWindow</name>
    <message>
        <location filename="../../ui/trainer/window.py" line="86" />
        <source>dealerassist — trainer</source>
        <translation>dealerassist — formation</translation>
    </message>
    <message>
        <location filename="../../ui/trainer/window.py" line="91" />
        <source>Drills</source>
        <translation>Exercices</translation>
    </message>
    <message>
        <location filename="../../ui/trainer/window.py" line="92" />
        <source>Certification</source>
        <translation>Certification</translation>
    </message>
    <message>
        <location filename="../../ui/trainer/window.py" line="93" />
        <source>Progress</source>
        <translation>Progression</translation>
    </message>
</context>
<context>
    <name>panel</name>
    <message>
        <location filename="../../ui/clock_view.py" line="356" />
        <source>Tournament clock</source>
        <translation>Horloge du tournoi</translation>
    </message>
</context>
<context>
    <name>window</name>
    <message>
        <location filename="../../ui/app.py" line="219" />
        <source>Opening the table journal</source>
        <translation>Ouverture du journal de la table</translation>
    </message>
</context>
</TS>
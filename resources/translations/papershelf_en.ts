<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
    <context>
        <name>AuxList</name>
        <message numerus="yes">
            <source>The list “{name}” holds the %Ln cited paper(s) of the library.</source>
            <translation>
                <numerusform>The list “{name}” holds the %Ln cited paper of the library.</numerusform>
                <numerusform>The list “{name}” holds the %Ln cited papers of the library.</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>BibliographyExport</name>
        <message numerus="yes">
            <source>Formatting %Ln reference(s) for {file}…</source>
            <extracomment>The references were written: how many, and the file (for the window to tell).</extracomment>
            <translation>
                <numerusform>Formatting %Ln reference for {file}…</numerusform>
                <numerusform>Formatting %Ln references for {file}…</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>Citations</name>
        <message numerus="yes">
            <source>Copied %Ln reference(s) in the style {style}.</source>
            <translation>
                <numerusform>Copied %Ln reference in the style {style}.</numerusform>
                <numerusform>Copied %Ln references in the style {style}.</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>ExportFlow</name>
        <message numerus="yes">
            <source>Exporting %Ln paper(s) to {file}…</source>
            <extracomment>The papers were written: how many, and the file (for the window to tell).</extracomment>
            <translation>
                <numerusform>Exporting %Ln paper to {file}…</numerusform>
                <numerusform>Exporting %Ln papers to {file}…</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>ExportOptions</name>
        <message numerus="yes">
            <source>%Ln character(s) have no LaTeX spelling and were written as UTF-8 (for example {examples}): the file is not ASCII there.</source>
            <translation>
                <numerusform>%Ln character has no LaTeX spelling and was written as UTF-8 (for example {examples}): the file is not ASCII there.</numerusform>
                <numerusform>%Ln characters have no LaTeX spelling and were written as UTF-8 (for example {examples}): the file is not ASCII there.</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>ImportReport</name>
        <message numerus="yes">
            <source>Imported %Ln paper(s)</source>
            <translation>
                <numerusform>Imported %Ln paper</numerusform>
                <numerusform>Imported %Ln papers</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%Ln may be duplicates of papers you had</source>
            <translation>
                <numerusform>%Ln may be a duplicate of a paper you had</numerusform>
                <numerusform>%Ln may be duplicates of papers you had</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%Ln entries could not be read</source>
            <translation>
                <numerusform>%Ln entry could not be read</numerusform>
                <numerusform>%Ln entries could not be read</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>MainWindow</name>
        <message numerus="yes">
            <source>Imported %Ln paper(s).</source>
            <translation>
                <numerusform>Imported %Ln paper.</numerusform>
                <numerusform>Imported %Ln papers.</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%Ln annotation(s)</source>
            <translation>
                <numerusform>%Ln annotation</numerusform>
                <numerusform>%Ln annotations</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%Ln import problem(s)</source>
            <translation>
                <numerusform>%Ln import problem</numerusform>
                <numerusform>%Ln import problems</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%Ln paper(s) shown</source>
            <translation>
                <numerusform>%Ln paper shown</numerusform>
                <numerusform>%Ln papers shown</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Exported %Ln paper(s) to {path}.</source>
            <translation>
                <numerusform>Exported %Ln paper to {path}.</numerusform>
                <numerusform>Exported %Ln papers to {path}.</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>Organiser</name>
        <message numerus="yes">
            <source>Delete the %Ln paper(s) in the trash for good, with their notes? This cannot be undone.</source>
            <translation>
                <numerusform>Delete the %Ln paper in the trash for good, with its notes? This cannot be undone.</numerusform>
                <numerusform>Delete the %Ln papers in the trash for good, with their notes? This cannot be undone.</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>PaperMime</name>
        <message numerus="yes">
            <source>%n paper(s)</source>
            <translation>
                <numerusform>%n paper</numerusform>
                <numerusform>%n papers</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>SearchBar</name>
        <message numerus="yes">
            <source>%Ln paper(s)</source>
            <translation>
                <numerusform>%Ln paper</numerusform>
                <numerusform>%Ln papers</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>Transfers</name>
        <message numerus="yes">
            <source>Added %Ln sample paper(s).</source>
            <translation>
                <numerusform>Added %Ln sample paper.</numerusform>
                <numerusform>Added %Ln sample papers.</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Copied the BibTeX of %Ln paper(s).</source>
            <translation>
                <numerusform>Copied the BibTeX of %Ln paper.</numerusform>
                <numerusform>Copied the BibTeX of %Ln papers.</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>UndoCommands</name>
        <message numerus="yes">
            <source>Restore %Ln paper(s)</source>
            <translation>
                <numerusform>Restore %Ln paper</numerusform>
                <numerusform>Restore %Ln papers</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Move %Ln paper(s) to the trash</source>
            <translation>
                <numerusform>Move %Ln paper to the trash</numerusform>
                <numerusform>Move %Ln papers to the trash</numerusform>
            </translation>
        </message>
    </context>
</TS>

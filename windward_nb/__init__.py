"""windward_nb: the rules engine of the Windward workbook."""

from calc.cli import main

main()

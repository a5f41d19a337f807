from calc.cli.app import main

main()
